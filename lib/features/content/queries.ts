import { getContentCounters } from "@/lib/features/analytics/queries";
import { getContentOrThrow } from "@/lib/features/content/get-content-or-throw";
import type {
  ContentListFilters,
  ContentVisibilityValue,
  DownloadRuleValue,
} from "@/lib/features/content/schemas";
import { contentFieldsSelect } from "@/lib/features/content/selects";
import { db } from "@/lib/core/db";
import { keysetSlice, type KeysetLinks, type KeysetOrder } from "@/lib/core/pagination/keyset";
import type { ContentKind, ContentStatus, MediaKind, Prisma } from "@/lib/generated/prisma/client";
import { thumbnailUrl } from "@/lib/platform/media/admin-urls";

export const CONTENT_PAGE_SIZE = 20;

/** Last changed first; pages continue after a row (lib/core/pagination/keyset.ts). */
const CONTENT_ORDER = {
  field: "updatedAt",
  direction: "desc",
  idDirection: "asc",
} as const satisfies KeysetOrder<"updatedAt">;

export interface ContentListItem {
  id: string;
  title: string;
  kind: ContentKind;
  status: ContentStatus;
  category: string | null;
  tags: string[];
  requiresLead: boolean;
  visibility: ContentVisibilityValue;
  createdAt: string;
  updatedAt: string;
  /** When it last went live; null if it never did. */
  publishedAt: string | null;
  events: { id: string; name: string }[];
  counts: Record<MediaKind, number> & { processing: number; failed: number };
  coverUrl: string | null;
  /** All-time engagement, from the same aggregates as the dashboard and analytics. */
  engagement: ContentEngagement;
}

export interface ContentEngagement {
  views: number;
  likes: number;
  downloads: number;
  leads: number;
}

function engagementOf(counters: ContentEngagement | undefined): ContentEngagement {
  const { views = 0, likes = 0, downloads = 0, leads = 0 } = counters ?? {};
  return { views, likes, downloads, leads };
}

const contentRowSelect = {
  id: true,
  title: true,
  kind: true,
  status: true,
  category: true,
  tags: true,
  requiresLead: true,
  visibility: true,
  createdAt: true,
  updatedAt: true,
  publishedAt: true,
  coverMediaId: true,
  events: { select: { event: { select: { id: true, name: true } } }, orderBy: { position: "asc" } },
} satisfies Prisma.ContentSelect;

export interface ContentList extends KeysetLinks {
  items: ContentListItem[];
  total: number;
}

/** One page of the company's contents, last changed first, after or before the filters' cursor. */
export async function listContents(
  companyId: string,
  filters: ContentListFilters,
  /** The public API's page size (issue #38). */
  limit: number = CONTENT_PAGE_SIZE,
): Promise<ContentList> {
  const where: Prisma.ContentWhereInput = { companyId };
  if (filters.status) where.status = filters.status;
  if (filters.kind) where.kind = filters.kind;
  if (filters.eventId) where.events = { some: { eventId: filters.eventId } };
  if (filters.q) {
    where.OR = [
      { title: { contains: filters.q, mode: "insensitive" } },
      { category: { contains: filters.q, mode: "insensitive" } },
      { tags: { has: filters.q } },
    ];
  }
  const [total, { rows, ...links }] = await Promise.all([
    db.content.count({ where }),
    keysetSlice({
      order: CONTENT_ORDER,
      where,
      request: filters,
      limit,
      find: (page) => db.content.findMany({ ...page, select: contentRowSelect }),
    }),
  ]);
  const ids = rows.map((r) => r.id);
  const [byKind, byState, covers, counters] = await Promise.all([
    db.mediaFile.groupBy({
      by: ["contentId", "kind"],
      where: { companyId, contentId: { in: ids } },
      _count: true,
    }),
    db.mediaFile.groupBy({
      by: ["contentId", "state"],
      where: { companyId, contentId: { in: ids }, state: { in: ["processing", "failed", "uploading"] } },
      _count: true,
    }),
    db.mediaFile.findMany({
      where: { companyId, id: { in: rows.flatMap((r) => (r.coverMediaId ? [r.coverMediaId] : [])) } },
      select: { id: true, variants: true },
    }),
    getContentCounters(companyId, ids),
  ]);
  const coverVariants = new Map(covers.map((c) => [c.id, c.variants]));
  const items = await Promise.all(
    rows.map(async (r): Promise<ContentListItem> => {
      const counts = { photo: 0, video: 0, audio: 0, document: 0, processing: 0, failed: 0 };
      for (const g of byKind) if (g.contentId === r.id) counts[g.kind] = g._count;
      for (const g of byState) {
        if (g.contentId !== r.id) continue;
        if (g.state === "failed") counts.failed += g._count;
        else counts.processing += g._count;
      }
      return {
        id: r.id,
        title: r.title,
        kind: r.kind,
        status: r.status,
        category: r.category,
        tags: r.tags,
        requiresLead: r.requiresLead,
        visibility: r.visibility,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        publishedAt: r.publishedAt?.toISOString() ?? null,
        events: r.events.map((e) => e.event),
        counts,
        coverUrl: r.coverMediaId ? await thumbnailUrl(coverVariants.get(r.coverMediaId), 160) : null,
        engagement: engagementOf(counters.get(r.id)),
      };
    }),
  );
  return { items, total, ...links };
}

export interface ContentForEdit {
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  kind: ContentKind;
  status: ContentStatus;
  requiresLead: boolean;
  /** Fans' photo downloads keep the original's metadata (lib/platform/media/download-copy.ts). */
  keepPhotoMetadata: boolean;
  /** What fans may download, and the web-size copies' long edge. */
  downloadRule: DownloadRuleValue;
  webDownloadEdge: number;
  /** Who opens it (issue #36); whether a password is set (never the password, nor its hash). */
  visibility: ContentVisibilityValue;
  hasPassword: boolean;
  /** ISO instant after which fans are told it is no longer available; null: never. */
  expiresAt: string | null;
  eventIds: string[];
  coverMediaId: string | null;
  publishedAt: string | null;
}

export async function getContentForEdit(companyId: string, contentId: string): Promise<ContentForEdit> {
  const c = await getContentOrThrow(db, companyId, contentId, {
    id: true,
    ...contentFieldsSelect,
    // An admin setting only: not in the fields the public pages share.
    keepPhotoMetadata: true,
    webDownloadEdge: true,
    visibility: true,
    accessPasswordHash: true,
    expiresAt: true,
    events: { select: { eventId: true } },
  });
  return {
    id: c.id,
    title: c.title,
    description: c.description ?? "",
    category: c.category ?? "",
    tags: c.tags,
    kind: c.kind,
    status: c.status,
    requiresLead: c.requiresLead,
    keepPhotoMetadata: c.keepPhotoMetadata,
    downloadRule: c.downloadRule,
    webDownloadEdge: c.webDownloadEdge,
    visibility: c.visibility,
    hasPassword: c.accessPasswordHash !== null,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    eventIds: c.events.map((e) => e.eventId),
    coverMediaId: c.coverMediaId,
    publishedAt: c.publishedAt?.toISOString() ?? null,
  };
}

/** Dashboard totals (spec §2: totals of content and of published content). */
export async function contentTotals(companyId: string): Promise<{ total: number; published: number }> {
  const [total, published] = await Promise.all([
    db.content.count({ where: { companyId } }),
    db.content.count({ where: { companyId, status: "published" } }),
  ]);
  return { total, published };
}
