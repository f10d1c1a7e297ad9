/**
 * Shared set-up of the engagement tests (not a test file): two companies; public, draft and
 * private events; contents reachable and not; ready and processing media — in the file's own
 * database (bound to the app's singletons by `file-services.ts`). And the fan's side of any test
 * of the fans' API: the handlers (`fanApi`), a fan's request (`fanRequest`), a route's params.
 */
import { db } from "@/lib/core/db";
import type { PrismaClient } from "@/lib/core/db-client";
import { env as appEnv } from "@/lib/core/env";
import { storage, type ObjectStore } from "@/lib/core/storage";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";

export const A = "co-eng-a";
export const B = "co-eng-b";

/** Content ids by what they test. */
export const C = {
  open: "c-open",
  gated: "c-gated",
  resource: "c-resource",
  single: "c-single",
  mixed: "c-mixed",
  draft: "c-draft",
  archived: "c-archived",
  onlyDraftEvent: "c-only-draft-event",
  onlyPrivateEvent: "c-only-private-event",
  otherGated: "c-other-gated",
} as const;

export const REACHABLE = [C.open, C.gated, C.resource, C.single, C.mixed, C.otherGated];
export const UNREACHABLE = [C.draft, C.archived, C.onlyDraftEvent, C.onlyPrivateEvent, "c-missing"];

export interface EngagementTestEnv {
  database: { url: string };
  db: PrismaClient;
  store: ObjectStore;
  close(): Promise<void>;
}

export async function engagementTestEnv(): Promise<EngagementTestEnv> {
  const url = appEnv.DATABASE_URL!;
  await seedWorld(db);
  return {
    database: { url },
    db,
    store: storage,
    // The database and bucket belong to the file (support/file-services.ts drops them).
    async close() {},
  };
}

async function seedWorld(db: PrismaClient): Promise<void> {
  await db.company.createMany({
    data: [
      { id: A, slug: "eng-a", name: "Engagement A" },
      { id: B, slug: "eng-b", name: "Engagement B" },
    ],
  });
  const event = (id: string, companyId: string, status: "draft" | "published", isPublic: boolean) => ({
    id,
    companyId,
    slug: id,
    name: id,
    startsAt: new Date("2026-07-18T19:00:00Z"),
    status,
    isPublic,
  });
  await db.event.createMany({
    data: [
      event("ev-public", A, "published", true),
      event("ev-second", A, "published", true),
      event("ev-draft", A, "draft", true),
      event("ev-private", A, "published", false),
      event("ev-b", B, "published", true),
    ],
  });
  const content = async (
    id: string,
    companyId: string,
    data: { status?: "draft" | "published" | "archived"; requiresLead?: boolean; kind?: "single" },
    events: [string, number][],
  ) =>
    db.content.create({
      data: {
        id,
        companyId,
        title: id,
        kind: data.kind ?? "photo_gallery",
        status: data.status ?? "published",
        requiresLead: data.requiresLead ?? false,
        publishedAt: new Date("2026-07-19T10:00:00Z"),
        events: { create: events.map(([eventId, position]) => ({ eventId, position })) },
      },
    });
  // ev-second is linked first by insertion but has the higher position: eventId must be ev-public.
  await content(C.open, A, {}, [
    ["ev-second", 1],
    ["ev-public", 0],
  ]);
  await content(C.gated, A, { requiresLead: true }, [["ev-public", 2]]);
  await content(C.resource, A, {}, []);
  await content(C.single, A, { kind: "single", requiresLead: false }, []);
  await content(C.mixed, A, {}, [
    ["ev-draft", 0],
    ["ev-public", 1],
  ]);
  await content(C.draft, A, { status: "draft" }, [["ev-public", 3]]);
  await content(C.archived, A, { status: "archived" }, [["ev-public", 4]]);
  await content(C.onlyDraftEvent, A, {}, [["ev-draft", 1]]);
  await content(C.onlyPrivateEvent, A, {}, [["ev-private", 0]]);
  await content(C.otherGated, B, { requiresLead: true }, [["ev-b", 0]]);

  const media = (
    id: string,
    companyId: string,
    contentId: string,
    position: number,
    kind: "photo" | "document" | "audio" = "photo",
    state: "ready" | "processing" = "ready",
  ) => ({
    id,
    companyId,
    contentId,
    kind,
    storageKey: `companies/${companyId}/media/${id}/original`,
    // Photos processed with nothing personal to remove: fans' downloads sign the original's key
    // (lib/platform/media/download-copy.ts). No object is stored: these tests sign, never fetch.
    ...(kind === "photo" ? { downloadKey: `companies/${companyId}/media/${id}/original` } : {}),
    originalName: kind === "document" ? `${id}.pdf` : kind === "audio" ? `${id}.mp3` : `${id}.jpg`,
    mimeType: kind === "document" ? "application/pdf" : kind === "audio" ? "audio/mpeg" : "image/jpeg",
    sizeBytes: BigInt(1000),
    state,
    position,
  });
  await db.mediaFile.createMany({
    data: [
      media("m-open-busy", A, C.open, -1, "photo", "processing"),
      media("m-open-second", A, C.open, 1),
      media("m-open-first", A, C.open, 0),
      media("m-gated-kit", A, C.gated, 0, "document"),
      media("m-resource", A, C.resource, 0, "document"),
      media("m-single-cover", A, C.single, 0),
      media("m-single-track", A, C.single, 1, "audio"),
      media("m-draft", A, C.draft, 0),
      media("m-other", B, C.otherGated, 0),
    ],
  });
  await db.content.update({ where: { id: C.single }, data: { coverMediaId: "m-single-cover" } });
}

/** The fans' API handlers (lib/surfaces/fan-api/http.ts). */
export type FanApi = ReturnType<typeof engagementHandlers>;

/**
 * The fans' API as the app builds it, with limits far above what a test does unless it raises
 * `like` or `anonPerIp` (a test about another limit is never stopped by these); one address per
 * request trusted as sent (`x-forwarded-for`, no proxy), cookies without `Secure`.
 */
export function fanApi(limits: { like?: number; anonPerIp?: number } = {}): FanApi {
  return engagementHandlers({
    limits: {
      windowSeconds: 60,
      perVisitor: { like: limits.like ?? 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
      anonPerIp: limits.anonPerIp ?? 500,
    },
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
}

/** A route's second argument for an `[id]` segment. */
export const idParams = (id: string) => ({ params: Promise.resolve({ id }) });

export interface FanRequestOptions {
  /** The visitor whose signed `ag_vid` cookie is sent; null: none (a first visit). Default "fan". */
  visitor?: string | null;
  /** `NEXT_LOCALE`; default "en". */
  locale?: string;
  /** The client's address (`x-forwarded-for`); default 203.0.113.10. */
  ip?: string;
  /** More cookies, `name=value; …` (an unlock cookie). */
  cookie?: string;
  /** Sent as JSON in a POST; without it the request is a GET. */
  body?: unknown;
}

/** A fan's request from the app's own origin to `path` (`/api/…`). */
export function fanRequest(path: string, options: FanRequestOptions = {}): Request {
  const visitor = options.visitor === undefined ? "fan" : options.visitor;
  const cookies = [
    `NEXT_LOCALE=${options.locale ?? "en"}`,
    ...(visitor === null ? [] : [`ag_vid=${signedVisitorId(visitor)}`]),
    ...(options.cookie ? [options.cookie] : []),
  ];
  return new Request(`http://app.test${path}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers: {
      host: "app.test",
      origin: "http://app.test",
      "x-forwarded-for": options.ip ?? "203.0.113.10",
      cookie: cookies.join("; "),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
