import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fanPool } from "@/lib/core/db-pool";
import { toggleLike } from "@/lib/features/engagement/toggle-like";
import { AppError } from "@/lib/core/errors";
import { C, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

/**
 * Likes go to the database in groups (lib/features/engagement/toggle-like.ts): every like that arrives
 * while a statement runs joins the next one. These tests fire likes at once, so they do share
 * statements, and check what each fan gets back and what is stored.
 */
let env: EngagementTestEnv;

beforeAll(async () => {
  env = await engagementTestEnv();
});
afterAll(() => env?.close());

const likeRows = (contentId: string, visitorId?: string) =>
  env.db.engagementEvent.findMany({
    where: { contentId, visitorId, type: { in: ["like", "unlike"] } },
    orderBy: { id: "asc" },
  });

describe("likes sent together", () => {
  it("applies one fan's simultaneous toggles one after another, in the order sent", async () => {
    const fan = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => toggleLike(C.single, fan)));
    expect(answers.map((a) => a.liked)).toEqual([true, false, true, false, true]);
    expect(answers.map((a) => a.likes)).toEqual([1, 0, 1, 0, 1]);
    expect((await likeRows(C.single, fan)).map((e) => e.type)).toEqual([
      "like",
      "unlike",
      "like",
      "unlike",
      "like",
    ]);
    expect(await env.db.contentLike.count({ where: { contentId: C.single, visitorId: fan } })).toBe(1);
  });

  it("answers every fan with a count that includes its own like, and stores one row per fan", async () => {
    const fans = Array.from({ length: 120 }, () => randomUUID());
    const answers = await Promise.all(fans.map((fan) => toggleLike(C.resource, fan, true)));
    expect(answers.every((a) => a.liked)).toBe(true);
    // Each answer counts what its statement saw (its own group included): never more than the truth.
    expect(answers.every((a) => a.likes >= 1 && a.likes <= 120)).toBe(true);
    expect(await env.db.contentLike.count({ where: { contentId: C.resource } })).toBe(120);
    expect(await likeRows(C.resource)).toHaveLength(120);
  });

  it("answers not found for hidden content without failing the visible content's likes beside it", async () => {
    const [hidden, visible, missing] = await Promise.allSettled([
      toggleLike(C.draft, randomUUID(), true),
      toggleLike(C.mixed, randomUUID(), true),
      toggleLike("c-missing", randomUUID(), true),
    ]);
    for (const result of [hidden, missing]) {
      expect(result.status).toBe("rejected");
      if (result.status === "rejected") {
        expect(result.reason).toBeInstanceOf(AppError);
        expect((result.reason as AppError).code).toBe("not_found");
      }
    }
    expect(visible).toEqual({ status: "fulfilled", value: { liked: true, likes: 1 } });
    expect(await env.db.contentLike.count({ where: { contentId: C.draft } })).toBe(0);
  });

  it("fails only the request the database refuses; the others in its statement are stored", async () => {
    const fans = Array.from({ length: 6 }, () => randomUUID());
    // PostgreSQL refuses a NUL character in text: the whole statement fails, then each goes alone.
    const results = await Promise.allSettled([
      ...fans.map((fan) => toggleLike(C.gated, fan, true)),
      toggleLike(C.gated, "bad\u0000visitor", true),
    ]);
    expect(results.slice(0, 6).every((r) => r.status === "fulfilled")).toBe(true);
    expect(results[6]!.status).toBe("rejected");
    expect(await env.db.contentLike.count({ where: { contentId: C.gated } })).toBe(6);
    expect(await likeRows(C.gated)).toHaveLength(6);
  });
});

describe("the stored count", () => {
  it("adds up to the likes of each content after likes, unlikes and toggles of many fans at once", async () => {
    const fans = Array.from({ length: 80 }, () => randomUUID());
    await Promise.all(fans.map((fan) => toggleLike(C.otherGated, fan, true)));
    await Promise.all([
      ...fans.slice(0, 30).map((fan) => toggleLike(C.otherGated, fan, false)),
      ...fans.slice(30, 50).map((fan) => toggleLike(C.otherGated, fan)),
      ...fans.slice(50, 60).map((fan) => toggleLike(C.otherGated, fan, true)),
    ]);
    // A few more, one statement each (each picks a row at random).
    for (const fan of fans.slice(60, 70)) await toggleLike(C.otherGated, fan, false);
    const [stored] = await env.db.$queryRaw<{ likes: number; shards: number }[]>`
      SELECT coalesce(sum("likes"), 0)::int AS "likes", count(*)::int AS "shards"
      FROM "content_like_count" WHERE "contentId" = ${C.otherGated}`;
    const rows = await env.db.contentLike.count({ where: { contentId: C.otherGated } });
    expect(rows).toBe(20);
    expect(stored!.likes).toBe(rows);
    // Spread over several rows, not one that every statement updates.
    expect(stored!.shards).toBeGreaterThan(1);
    const next = await toggleLike(C.otherGated, randomUUID(), true);
    expect(next.likes).toBe(21);
  });
});

describe("the fans' pool", () => {
  it("commits without waiting for the disk, and another connection sees a like at once", async () => {
    const { rows } = await fanPool().query<{ synchronous_commit: string }>("SHOW synchronous_commit");
    expect(rows[0]!.synchronous_commit).toBe("off");
    const fan = randomUUID();
    await toggleLike(C.open, fan, true);
    // Prisma has its own connections: the commit is visible to them as soon as the answer is.
    expect(await env.db.contentLike.count({ where: { contentId: C.open, visitorId: fan } })).toBe(1);
  });
});
