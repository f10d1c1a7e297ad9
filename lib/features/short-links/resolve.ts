import "server-only";
import { encodeSource } from "@/lib/platform/attribution/source";
import { db } from "@/lib/core/db";
import { tenantLinks } from "@/lib/platform/site/links";
import { isContentViewable, isEventViewable } from "@/lib/platform/site/visibility";
import { normaliseShortCode } from "@/lib/features/short-links/code";
import type { ScannedCode } from "@/lib/features/short-links/scans";

/** Where the short link was asked for: the app's host, or a company's subdomain or custom domain. */
export type ShortLinkHost = { kind: "app" } | { kind: "tenant"; slug: string };

export interface ResolvedShortLink {
  /** The item's public page, on the host the link was opened on (a path: the fan stays there). */
  location: string;
  /** `qr:{id}` for a labelled QR code; null for an item's plain link (its URL may carry a tag). */
  source: string | null;
  /** The labelled QR code whose scan this is; null for an item's plain link. */
  qr: ScannedCode | null;
}

/**
 * The page a short link leads to, or null: an unknown code, another company's code on a
 * tenant's host, and an item a fan may not see (draft, private, archived, deleted) are the
 * same null, so a code's answer tells nothing about an unpublished item.
 */
export async function resolveShortLink(
  rawCode: string,
  host: ShortLinkHost,
): Promise<ResolvedShortLink | null> {
  const code = normaliseShortCode(rawCode);
  if (!code) return null;
  const viewable = { status: true, isPublic: true } as const;
  const link = await db.shortLink.findUnique({
    where: { code },
    select: {
      id: true,
      label: true,
      companyId: true,
      eventId: true,
      contentId: true,
      company: { select: { slug: true } },
      event: { select: { slug: true, ...viewable } },
      content: { select: { id: true, status: true, events: { select: { event: { select: viewable } } } } },
    },
  });
  if (!link) return null;
  if (host.kind === "tenant" && host.slug !== link.company.slug) return null;
  const links = tenantLinks(host.kind === "tenant" ? "host" : "path", link.company.slug);
  let location: string;
  if (link.event) {
    if (!isEventViewable(link.event)) return null;
    location = links.event(link.event.slug);
  } else if (link.content) {
    if (!isContentViewable(link.content)) return null;
    location = links.player(link.content.id);
  } else {
    return null;
  }
  if (link.label === null) return { location, source: null, qr: null };
  const qr = { id: link.id, companyId: link.companyId, eventId: link.eventId, contentId: link.contentId };
  return { location, source: encodeSource({ kind: "qr", value: link.id }), qr };
}
