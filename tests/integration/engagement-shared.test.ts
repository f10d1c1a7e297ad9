import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_SUMMARY_TTL_MS } from "@/lib/features/engagement/summary";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { cacheTags } from "@/lib/platform/site/cache-tags";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import { engagementTestEnv, type EngagementTestEnv } from "./support/engagement";
import { createContentRow, createTenant } from "./support/tenants";

/**
 * Issue #35: a first visit's engagement state (no visitor cookie: nothing of the visitor's in
 * it) and every first page of comments (nothing of anyone's) are shared in the process for at
 * most SHARED_SUMMARY_TTL_MS; a visitor with a cookie always reads their state from the database; this process's own likes and comments clear
 * the shared answers at once; a content taken down stops answering within the bound.
 */
let env: EngagementTestEnv;
let api: ReturnType<typeof engagementHandlers>;
let companyId: string;

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 10_000,
};
const params = (id: string) => ({ params: Promise.resolve({ id }) });
function request(path: string, visitor: string | null, body?: unknown): Request {
  return new Request(`http://app.test${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      host: "app.test",
      origin: "http://app.test",
      ...(visitor ? { cookie: `ag_vid=${signedVisitorId(visitor)}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
/** What the cache handler runs after Next.js expires a tag (and, on NOTIFY, every other instance). */
const { publish } = createRequire(import.meta.url)("../../server/shared-cache-tags.cjs") as {
  publish: (tags: string[]) => Promise<void>;
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function summary(contentId: string, visitor: string | null) {
  const res = await api.summary(request(`/api/content/${contentId}/engagement`, visitor), params(contentId));
  return {
    status: res.status,
    body: (await res.json()) as { likes: number; comments: number; liked: boolean },
  };
}
async function comments(contentId: string, visitor: string | null) {
  const res = await api.listComments(
    request(`/api/content/${contentId}/comments?limit=10`, visitor),
    params(contentId),
  );
  return {
    status: res.status,
    texts: ((await res.json()) as { comments: { text: string }[] }).comments?.map((c) => c.text),
  };
}

/** A like written by another process: straight into the rows the like statement keeps. */
async function likeElsewhere(contentId: string) {
  await env.db.contentLike.create({ data: { contentId, visitorId: randomUUID(), companyId } });
  await env.db.contentLikeCount.upsert({
    where: { contentId_shard: { contentId, shard: 15 } },
    create: { contentId, shard: 15, likes: 1 },
    update: { likes: { increment: 1 } },
  });
}

beforeAll(async () => {
  env = await engagementTestEnv();
  companyId = (await createTenant(env.db)).id;
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
});
afterAll(() => env?.close());

describe("the shared first-visit answers", () => {
  it("share counts among cookie-less visitors for at most the bound; a visitor with a cookie reads them fresh", async () => {
    const { id } = await createContentRow(env.db, companyId, { status: "published" });
    const readAt = Date.now();
    expect((await summary(id, null)).body).toEqual({
      likes: 0,
      liked: false,
      comments: 0,
      leadOnFile: false,
    });
    await likeElsewhere(id);
    // Within the bound, the first visits' answer is the shared one (a machine too slow to ask
    // again within it gets the new count, which is right too)...
    const again = (await summary(id, null)).body.likes;
    expect(again).toBe(Date.now() - readAt < SHARED_SUMMARY_TTL_MS ? 0 : 1);
    // ...never for a returning visitor.
    expect((await summary(id, randomUUID())).body.likes).toBe(1);
    await wait(SHARED_SUMMARY_TTL_MS + 50);
    expect((await summary(id, null)).body.likes).toBe(1);
  });

  it("is cleared by this process's own like and comment", async () => {
    const { id } = await createContentRow(env.db, companyId, { status: "published" });
    const fan = randomUUID();
    expect((await summary(id, null)).body).toMatchObject({ likes: 0, comments: 0 });
    expect((await comments(id, null)).texts).toEqual([]);
    const liked = await api.like(request(`/api/content/${id}/like`, fan, {}), params(id));
    expect(liked.status).toBe(200);
    expect((await summary(id, null)).body.likes).toBe(1);
    const posted = await api.postComment(
      request(`/api/content/${id}/comments`, fan, { rating: 5, text: "Best night ever" }),
      params(id),
    );
    expect(posted.status).toBe(201);
    expect((await summary(id, null)).body.comments).toBe(1);
    expect((await comments(id, null)).texts).toEqual(["Best night ever"]);
    expect((await comments(id, fan)).texts).toEqual(["Best night ever"]);
    // The fan's own state is theirs, not the shared one.
    expect((await summary(id, fan)).body).toMatchObject({ likes: 1, liked: true, comments: 1 });
  });

  it("stops answering for a content taken down within the bound, and a hidden comment leaves the shared page", async () => {
    const { id } = await createContentRow(env.db, companyId, { status: "published" });
    await api.postComment(
      request(`/api/content/${id}/comments`, randomUUID(), { rating: 1, text: "spam spam" }),
      params(id),
    );
    expect((await comments(id, null)).texts).toEqual(["spam spam"]);
    expect((await summary(id, null)).status).toBe(200);
    await env.db.comment.updateMany({ where: { contentId: id }, data: { hidden: true } });
    await env.db.content.update({ where: { id }, data: { status: "archived" } });
    await wait(SHARED_SUMMARY_TTL_MS + 50);
    expect((await summary(id, null)).status).toBe(404);
    expect((await summary(id, randomUUID())).status).toBe(404);
    expect((await comments(id, null)).status).toBe(404);
    await env.db.content.update({ where: { id }, data: { status: "published" } });
    await wait(SHARED_SUMMARY_TTL_MS + 50);
    expect((await comments(id, null)).texts).toEqual([]);
  });

  it("forgets the shared answers at once when a public cache tag expires (a take-down or a hidden comment)", async () => {
    const { id } = await createContentRow(env.db, companyId, { status: "published" });
    await api.postComment(
      request(`/api/content/${id}/comments`, randomUUID(), { rating: 1, text: "rude words" }),
      params(id),
    );
    expect((await comments(id, null)).texts).toEqual(["rude words"]);
    expect((await summary(id, null)).body).toMatchObject({ comments: 1 });
    await env.db.comment.updateMany({ where: { contentId: id }, data: { hidden: true } });
    await publish([cacheTags.content(id)]);
    // No wait: well within the shared answers' bound.
    expect((await comments(id, null)).texts).toEqual([]);
    expect((await summary(id, null)).body).toMatchObject({ comments: 0 });
    await env.db.content.update({ where: { id }, data: { status: "archived" } });
    await publish([cacheTags.content(id)]);
    expect((await summary(id, null)).status).toBe(404);
    expect((await comments(id, null)).status).toBe(404);
  });
});
