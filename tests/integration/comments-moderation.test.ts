import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { auditRows, createContentRow, createTenant, gatedSingle, type Tenant } from "./support/tenants";
import { revalidateTag } from "./support/next-mocks";

// Comment moderation from the admin content page: the actions as Next calls them (session
// cookie through `next/headers`), the lib functions with a membership of each role.

let h: AuthHarness;
let actions: typeof import("@/lib/features/comments/actions");
let queries: typeof import("@/lib/features/comments/queries");
let moderate: typeof import("@/lib/features/comments/moderate-comment");
let a: Tenant;
let b: Tenant;
let contentId: string;
let theirContentId: string;

beforeAll(async () => {
  h = await startAuthHarness();
  actions = await import("@/lib/features/comments/actions");
  queries = await import("@/lib/features/comments/queries");
  moderate = await import("@/lib/features/comments/moderate-comment");
  [a, b] = [await createTenant(h.prisma, { users: h }), await createTenant(h.prisma, { users: h })];
  contentId = (await createContentRow(h.prisma, a.id, { title: "Live video", ...gatedSingle })).id;
  theirContentId = (await createContentRow(h.prisma, b.id, { title: "Their video", ...gatedSingle })).id;
});
afterAll(async () => {
  await h?.close();
});

async function comment(companyId: string, onContent: string, text: string, createdAt = new Date()) {
  const row = await h.prisma.comment.create({
    data: { companyId, contentId: onContent, text, rating: 4, authorName: null, visitorId: "v1", createdAt },
  });
  // What the public API writes with each comment: the analytics' count of comments.
  await h.prisma.engagementEvent.create({
    data: { companyId, contentId: onContent, type: "comment", visitorId: "v1", createdAt },
  });
  return row.id;
}

/** What the public list shows (GET /api/content/{id}/comments reads `hidden = false`). */
const publicTexts = async (id: string) =>
  (await h.prisma.comment.findMany({ where: { contentId: id, hidden: false } })).map((c) => c.text);

describe("hide and show again", () => {
  it("hides a comment for an admin, shows it again for a manager, audited", async () => {
    const id = await comment(a.id, contentId, "Great show!");
    await h.actAs(a.emails.admin);
    expect(await actions.setCommentHiddenAction(id, true)).toEqual({ ok: true, data: undefined });
    expect((await h.prisma.comment.findUniqueOrThrow({ where: { id } })).hidden).toBe(true);
    expect(await publicTexts(contentId)).not.toContain("Great show!");
    expect(revalidateTag).toHaveBeenCalledWith(`content:${contentId}`, { expire: 0 });

    await h.actAs(a.emails.manager);
    expect(await actions.setCommentHiddenAction(id, false)).toEqual({ ok: true, data: undefined });
    expect(await publicTexts(contentId)).toContain("Great show!");

    const audits = await auditRows(h.prisma, a.id, "admin_privileged_action");
    expect(audits.map((r) => [r.tableName, r.recordId, r.details])).toEqual([
      ["comment", id, { operation: "comment_hidden" }],
      ["comment", id, { operation: "comment_shown" }],
    ]);
  });

  it("refuses a member with the user role, and another company's comment", async () => {
    const mine = await comment(a.id, contentId, "Mine");
    const theirs = await comment(b.id, theirContentId, "Theirs");

    await h.actAs(a.emails.user);
    expect(await actions.setCommentHiddenAction(mine, true)).toMatchObject({ ok: false, code: "forbidden" });
    // The lib checks the role again, whatever the caller did.
    await expect(moderate.setCommentHidden(a.as("user"), mine, true)).rejects.toMatchObject({
      code: "forbidden",
      messageKey: "content.errors.forbidden",
    });

    await h.actAs(a.emails.admin);
    expect(await actions.setCommentHiddenAction(theirs, true)).toEqual({
      ok: false,
      code: "not_found",
      message: "content.comments.errors.notFound",
      values: {},
      fieldErrors: {},
    });
    expect(await actions.deleteCommentAction(theirs)).toMatchObject({ ok: false, code: "not_found" });
    expect(await actions.setCommentHiddenAction("", true)).toMatchObject({ ok: false, code: "not_found" });

    const rows = await h.prisma.comment.findMany({ where: { id: { in: [mine, theirs] } } });
    expect(rows.map((r) => r.hidden)).toEqual([false, false]);
  });
});

describe("delete", () => {
  it("deletes the comment row and keeps the engagement row (the comment did happen)", async () => {
    const id = await comment(a.id, contentId, "Delete me");
    const engagement = await h.prisma.engagementEvent.count({ where: { contentId, type: "comment" } });
    await h.actAs(a.emails.manager);
    expect(await actions.deleteCommentAction(id)).toEqual({ ok: true, data: undefined });
    expect(await h.prisma.comment.count({ where: { id } })).toBe(0);
    expect(await h.prisma.engagementEvent.count({ where: { contentId, type: "comment" } })).toBe(engagement);
    expect((await auditRows(h.prisma, a.id, "admin_privileged_action")).at(-1)!.details).toEqual({
      operation: "comment_deleted",
    });
    expect(await actions.deleteCommentAction(id)).toMatchObject({ ok: false, code: "not_found" });
  });

  it("refuses the user role", async () => {
    const id = await comment(a.id, contentId, "Stay");
    await h.actAs(a.emails.user);
    expect(await actions.deleteCommentAction(id)).toMatchObject({ ok: false, code: "forbidden" });
    await expect(moderate.deleteComment(a.as("user"), id)).rejects.toMatchObject({ code: "forbidden" });
    expect(await h.prisma.comment.count({ where: { id } })).toBe(1);
  });
});

describe("the moderation list", () => {
  it("lists all comments of the content, hidden ones included, newest first, page by page", async () => {
    const c = await createContentRow(h.prisma, a.id, { title: "Paged", ...gatedSingle });
    const same = new Date("2026-11-01T10:00:00Z");
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Two comments share each timestamp: the id breaks the tie without skipping any.
      created.push(await comment(a.id, c.id, `c${i}`, new Date(same.getTime() + Math.floor(i / 2) * 1000)));
    }
    await h.prisma.comment.update({ where: { id: created[1] }, data: { hidden: true } });

    const first = await queries.listCommentsForModeration(a.as("manager"), { contentId: c.id, limit: 2 });
    expect(first).toMatchObject({ total: 5, hiddenCount: 1 });
    expect(first.comments).toHaveLength(2);
    expect(first.comments[0]!.text).toBe("c4");
    const seen = [...first.comments];
    let cursor = first.nextCursor;
    while (cursor) {
      await h.actAs(a.emails.admin);
      const next = await actions.loadCommentsAction(c.id, cursor);
      if (!next.ok) throw new Error(next.message);
      seen.push(...next.data.comments);
      cursor = next.data.nextCursor;
    }
    expect(seen.map((x) => x.text)).toHaveLength(5);
    expect(new Set(seen.map((x) => x.id))).toEqual(new Set(created));
    expect(seen.find((x) => x.id === created[1])).toMatchObject({
      hidden: true,
      authorName: null,
      rating: 4,
    });
    const times = seen.map((x) => x.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("answers 404 for another company's content, and a forged cursor starts over", async () => {
    await expect(
      queries.listCommentsForModeration(a.as("admin"), { contentId: theirContentId }),
    ).rejects.toMatchObject({ code: "not_found" });
    const page = await queries.listCommentsForModeration(a.as("admin"), { contentId, cursor: "garbage" });
    expect(page.comments.length).toBeGreaterThan(0);
  });
});

describe("the company-wide list (the public API's)", () => {
  it("pages every content's comments of the company only, ties kept by id, for moderators only", async () => {
    const c = await createContentRow(h.prisma, a.id, { title: "Company-wide", ...gatedSingle });
    const same = new Date("2030-01-01T10:00:00Z");
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push(await comment(a.id, c.id, `w${i}`, same));
    await comment(b.id, theirContentId, "theirs", same);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queries.listCompanyComments(a.as("manager"), { cursor, contentId: c.id }, 2);
      seen.push(...page.comments.map((x) => x.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(created));
    // Without a content: the company's newest first (these are the latest), never another's.
    const all = await queries.listCompanyComments(a.as("admin"), {}, 50);
    expect(
      all.comments
        .slice(0, 5)
        .map((x) => x.id)
        .sort(),
    ).toEqual([...created].sort());
    expect(all.comments.every((x) => x.text !== "theirs")).toBe(true);
    expect(
      (await queries.listCompanyComments(a.as("admin"), { contentId: theirContentId }, 50)).comments,
    ).toEqual([]);
    await expect(queries.listCompanyComments(a.as("user"), {}, 10)).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
