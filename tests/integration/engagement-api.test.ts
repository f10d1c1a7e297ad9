import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postComment } from "@/lib/features/engagement/post-comment";
import { listComments } from "@/lib/features/engagement/queries";
import { getEngagementSummary } from "@/lib/features/engagement/summary";
import { recordShare, recordView, recordWatchTime } from "@/lib/features/engagement/record-events";
import { requestDownload } from "@/lib/features/engagement/request-download";
import { toggleLike } from "@/lib/features/engagement/toggle-like";
import { AppError } from "@/lib/core/errors";
import {
  A,
  B,
  C,
  REACHABLE,
  UNREACHABLE,
  engagementTestEnv,
  type EngagementTestEnv,
} from "./support/engagement";

let env: EngagementTestEnv;

beforeAll(async () => {
  env = await engagementTestEnv();
});
afterAll(() => env?.close());

const vid = () => randomUUID();

/** The AppError a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const events = (contentId: string, type?: string) =>
  env.db.engagementEvent.findMany({
    where: { contentId, ...(type ? { type: type as never } : {}) },
    orderBy: { id: "asc" },
  });

describe("visibility", () => {
  it("answers not found for draft, archived, missing content and content only of draft or private events", async () => {
    for (const id of UNREACHABLE) {
      const v = vid();
      expect((await failure(getEngagementSummary(id, v))).messageKey).toBe("engagement.errors.notFound");
      expect((await failure(toggleLike(id, v))).code).toBe("not_found");
      expect((await failure(postComment(id, v, { rating: 5, text: "hi" }))).code).toBe("not_found");
      expect((await failure(listComments(id))).code).toBe("not_found");
      expect((await failure(recordView(id, v))).code).toBe("not_found");
      expect((await failure(recordShare(id, v, { channel: "x" }))).code).toBe("not_found");
      expect((await failure(requestDownload(id, v, {}))).code).toBe("not_found");
    }
    expect(await env.db.engagementEvent.count({ where: { contentId: { in: UNREACHABLE } } })).toBe(0);
    expect(await env.db.comment.count({ where: { contentId: { in: UNREACHABLE } } })).toBe(0);
  });

  it("reaches published content of a public event, of the company alone, and of a public event beside a draft one", async () => {
    for (const id of REACHABLE) {
      await expect(getEngagementSummary(id, vid())).resolves.toMatchObject({
        likes: 0,
        liked: false,
      });
    }
  });

  it("stamps every engagement row with the content's first linked event by position", async () => {
    const v = vid();
    await recordShare(C.open, v, { channel: "whatsapp" });
    await recordShare(C.resource, v, { channel: "copy-link" });
    await recordShare(C.mixed, v, { channel: "email" });
    expect((await events(C.open, "share"))[0]).toMatchObject({
      eventId: "ev-public",
      companyId: A,
      channel: "whatsapp",
    });
    expect((await events(C.resource, "share"))[0]).toMatchObject({ eventId: null, channel: "copy-link" });
    // The first by position, even when that event is a draft: analytics joins by content anyway.
    expect((await events(C.mixed, "share"))[0]).toMatchObject({ eventId: "ev-draft" });
  });
});

describe("likes", () => {
  it("toggles on and off with one like and one unlike row", async () => {
    const v = vid();
    expect(await toggleLike(C.resource, v)).toEqual({ liked: true, likes: 1 });
    expect(await toggleLike(C.resource, v)).toEqual({ liked: false, likes: 0 });
    expect((await events(C.resource)).filter((e) => e.visitorId === v).map((e) => e.type)).toEqual([
      "like",
      "unlike",
    ]);
  });

  it("sets a state idempotently: a retried request changes nothing", async () => {
    const v = vid();
    expect(await toggleLike(C.mixed, v, true)).toEqual({ liked: true, likes: 1 });
    expect(await toggleLike(C.mixed, v, true)).toEqual({ liked: true, likes: 1 });
    expect(await toggleLike(C.mixed, v, false)).toEqual({ liked: false, likes: 0 });
    expect(await toggleLike(C.mixed, v, false)).toEqual({ liked: false, likes: 0 });
    const mine = (await events(C.mixed)).filter((e) => e.visitorId === v && e.type !== "share");
    expect(mine.map((e) => e.type)).toEqual(["like", "unlike"]);
  });

  it("ends at exactly 200 after 200 visitors toggle at once", async () => {
    const visitors = Array.from({ length: 200 }, vid);
    const results = await Promise.all(visitors.map((v) => toggleLike(C.open, v)));
    expect(results.every((r) => r.liked)).toBe(true);
    // Each answer counts what was committed when it was made: never more than the truth.
    expect(Math.max(...results.map((r) => r.likes))).toBeLessThanOrEqual(200);
    expect(await env.db.contentLike.count({ where: { contentId: C.open } })).toBe(200);
    expect(await env.db.engagementEvent.count({ where: { contentId: C.open, type: "like" } })).toBe(200);
    expect((await getEngagementSummary(C.open, visitors[0]!)).likes).toBe(200);
  });

  it("stays exact when 200 visitors like while another 100 toggle twice", async () => {
    const likers = Array.from({ length: 200 }, vid);
    const flippers = Array.from({ length: 100 }, vid);
    await Promise.all([
      ...likers.map((v) => toggleLike(C.gated, v, true)),
      ...flippers.map(async (v) => {
        await toggleLike(C.gated, v);
        await toggleLike(C.gated, v);
      }),
    ]);
    expect(await env.db.contentLike.count({ where: { contentId: C.gated } })).toBe(200);
    const rows = await env.db.engagementEvent.groupBy({
      by: ["type"],
      where: { contentId: C.gated, type: { in: ["like", "unlike"] } },
      _count: true,
    });
    const count = (type: string) => rows.find((r) => r.type === type)?._count ?? 0;
    expect(count("like")).toBe(300);
    expect(count("unlike")).toBe(100);
    expect(count("like") - count("unlike")).toBe(200);
  });
});

describe("comments", () => {
  const post = (input: unknown, v = vid(), contentId: string = C.resource) =>
    postComment(contentId, v, input);

  it("stores markup as the text the fan typed (React escapes it), and refuses control characters", async () => {
    const attacks = [
      "<script>alert(1)</script>hi",
      "<img src=x onerror=alert(1)> look",
      '<a href="javascript:alert(1)">link</a>',
      "<SCRIPT src=//evil.example/x.js></SCRIPT>caps",
    ];
    for (const text of attacks) {
      const { comment } = await post({ rating: 4, text, name: "<script>x</script>Ana" }, vid(), C.single);
      expect(comment).toMatchObject({ text, authorName: "<script>x</script>Ana" });
    }
    const stored = await env.db.comment.findMany({
      where: { contentId: C.single },
      orderBy: { createdAt: "asc" },
    });
    expect(stored.map((row) => row.text)).toEqual(attacks);
    const listed = await listComments(C.single);
    expect(listed.comments.map((c) => c.text).sort()).toEqual([...attacks].sort());

    for (const text of ["hi\u0000there", "\u202egnp.exe", "\u001b[31mred"]) {
      const refused = await failure(post({ rating: 4, text }, vid(), C.single));
      expect(refused).toMatchObject({
        code: "validation",
        messageKey: "validation.invalidCharacters",
        fieldErrors: { text: "validation.invalidCharacters" },
      });
    }
    expect(await env.db.comment.count({ where: { contentId: C.single } })).toBe(attacks.length);
  });

  it("stores an empty or missing name as null (Anonymous User) and writes a comment row", async () => {
    const v = vid();
    const anonymous = await post({ rating: 5, text: "Great night" }, v);
    const blank = await post({ rating: 5, text: "Again", name: "   " });
    const scripted = await post({ rating: 5, text: "Once more", name: "<b>Zé</b>" });
    expect(anonymous).toMatchObject({
      created: true,
      comment: { authorName: null, rating: 5, text: "Great night" },
    });
    expect(blank.comment.authorName).toBeNull();
    expect(scripted.comment.authorName).toBe("<b>Zé</b>"); // a name as typed, shown escaped
    const rows = await env.db.engagementEvent.findMany({
      where: { contentId: C.resource, type: "comment", visitorId: v },
    });
    expect(rows).toHaveLength(1);
    const audit = await env.db.sessionAudit.findFirst({
      where: { action: "comment_submission", recordId: anonymous.comment.id },
    });
    expect(audit).toMatchObject({ companyId: A, tableName: "comment", details: { contentId: C.resource } });
  });

  it("checks length and rating", async () => {
    const ok = await post({ rating: 1, text: "x".repeat(1000), name: "n".repeat(100) });
    expect(ok.comment.text).toHaveLength(1000);
    const tooLong = await failure(post({ rating: 3, text: "x".repeat(1001) }));
    expect(tooLong).toMatchObject({ code: "validation", messageKey: "engagement.errors.commentTooLong" });
    expect(tooLong.fieldErrors).toEqual({ text: "engagement.errors.commentTooLong" });
    // Length counts what was typed, markup included.
    expect((await failure(post({ rating: 3, text: `<b>${"x".repeat(995)}</b>` }))).messageKey).toBe(
      "engagement.errors.commentTooLong",
    );
    expect((await failure(post({ rating: 3, text: "   " }))).messageKey).toBe("validation.inputEmpty");
    expect((await failure(post({ rating: 3 }))).fieldErrors).toHaveProperty("text");
    expect((await failure(post({ rating: 3, text: "a", name: "n".repeat(101) }))).messageKey).toBe(
      "engagement.errors.nameTooLong",
    );
    for (const rating of [0, 6, 2.5, "5", null, undefined]) {
      const error = await failure(post({ rating, text: "fine" }));
      expect(error.fieldErrors).toEqual({ rating: "engagement.errors.ratingInvalid" });
    }
  });

  it("returns the first comment for a repeated requestId, even when the retries race", async () => {
    const requestId = randomUUID();
    const v = vid();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post({ rating: 2, text: "once", requestId }, v, C.mixed)),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.comment.id)).size).toBe(1);
    const again = await post({ rating: 5, text: "changed my mind", requestId }, v, C.mixed);
    expect(again).toMatchObject({ created: false, comment: { text: "once", rating: 2 } });
    expect(await env.db.comment.count({ where: { contentId: C.mixed, requestId } })).toBe(1);
    expect(await env.db.engagementEvent.count({ where: { contentId: C.mixed, type: "comment" } })).toBe(1);
    // The same requestId on another content is another comment.
    expect((await post({ rating: 2, text: "elsewhere", requestId }, v, C.open)).created).toBe(true);
    expect((await failure(post({ rating: 2, text: "x", requestId: "not-a-uuid" }))).code).toBe("validation");
  });

  it("lists visible comments newest first, paginated, with the visible total; hidden ones vanish at once", async () => {
    const contentId = C.otherGated;
    const base = Date.UTC(2026, 6, 20, 12);
    await env.db.comment.createMany({
      data: Array.from({ length: 45 }, (_, i) => ({
        id: `page-${String(i).padStart(2, "0")}`,
        companyId: B,
        contentId,
        rating: 4,
        text: `comment ${i}`,
        // Pairs share a timestamp: the id breaks the tie, so no page repeats or skips one.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listComments(contentId, { cursor, limit: 20 });
      expect(page.total).toBe(45);
      seen.push(...page.comments.map((c) => c.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen[0]).toBe("page-44");
    expect(seen.at(-1)).toBe("page-00");

    await env.db.comment.update({ where: { id: "page-44" }, data: { hidden: true } });
    const first = await listComments(contentId, { limit: 5 });
    expect(first.total).toBe(44);
    expect(first.comments.map((c) => c.id)).not.toContain("page-44");
    expect((await getEngagementSummary(contentId, vid())).comments).toBe(44);
    // A cursor that is not one of ours starts from the top.
    expect((await listComments(contentId, { cursor: "garbage!", limit: 1 })).comments[0]!.id).toBe("page-43");
  });
});

describe("downloads", () => {
  const lead = (over: Record<string, unknown> = {}) => ({
    name: "Rita Fan",
    email: "Rita.Fan@Example.com ",
    phone: "+351 900 000 000",
    company: "Fans Lda",
    consent: true,
    ...over,
  });

  it("refuses gated content without a lead, and checks the lead form's rules", async () => {
    const v = vid();
    const refused = await failure(requestDownload(C.gated, v, {}));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ leadRequired: true });
    expect(refused).toMatchObject({ code: "forbidden", messageKey: "engagement.errors.leadRequired" });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ consent: true }, "engagement.errors.nameAndEmailRequired", "lead.name"],
      [lead({ name: "  " }), "engagement.errors.nameAndEmailRequired", "lead.name"],
      [lead({ email: "" }), "engagement.errors.nameAndEmailRequired", "lead.email"],
      [lead({ email: "not-an-email" }), "validation.emailInvalid", "lead.email"],
      [lead({ name: "R" }), "engagement.errors.nameLength", "lead.name"],
      [lead({ name: "R".repeat(101) }), "engagement.errors.nameLength", "lead.name"],
      [lead({ consent: false }), "engagement.errors.consentRequired", "lead.consent"],
      [lead({ consent: undefined }), "engagement.errors.consentRequired", "lead.consent"],
    ];
    for (const [body, message, field] of cases) {
      const error = await failure(requestDownload(C.gated, v, { lead: body }));
      expect(error.code).toBe("validation");
      expect(error.messageKey).toBe(message);
      expect(error.fieldErrors[field]).toBe(message);
    }
    expect(await env.db.lead.count({ where: { contentId: C.gated } })).toBe(0);
    expect(
      await env.db.engagementEvent.count({
        where: { contentId: C.gated, type: { in: ["lead", "download"] } },
      }),
    ).toBe(0);
  });

  it("stores a valid lead, answers a signed URL and writes lead and download rows; later downloads need none", async () => {
    const v = vid();
    const grant = await requestDownload(C.gated, v, { lead: lead() }, "en");
    expect(grant.fileName).toBe("m-gated-kit.pdf");
    const url = new URL(grant.url);
    expect(url.searchParams.get("X-Amz-Signature")).toBeTruthy();
    expect(url.searchParams.get("response-content-disposition")).toContain("attachment");
    expect(url.pathname).toContain("m-gated-kit");

    const leads = await env.db.lead.findMany({ where: { contentId: C.gated } });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      companyId: A,
      eventId: "ev-public",
      name: "Rita Fan",
      email: "rita.fan@example.com",
      phone: "+351 900 000 000",
      companyName: "Fans Lda",
      consent: true,
      visitorId: v,
      locale: "en",
    });
    const mine = async () =>
      (
        await env.db.engagementEvent.findMany({
          where: { contentId: C.gated, visitorId: v },
          orderBy: { id: "asc" },
        })
      )
        .filter((e) => e.type === "lead" || e.type === "download")
        .map((e) => e.type)
        .sort();
    expect(await mine()).toEqual(["download", "lead"]);
    expect((await getEngagementSummary(C.gated, v)).leadOnFile).toBe(true);

    await expect(requestDownload(C.gated, v, {})).resolves.toMatchObject({
      fileName: "m-gated-kit.pdf",
    });
    expect(await mine()).toEqual(["download", "download", "lead"]);
    expect(await env.db.lead.count({ where: { contentId: C.gated } })).toBe(1);

    const audits = await env.db.sessionAudit.findMany({
      where: { action: "download_tracking", companyId: A },
    });
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits[0]).toMatchObject({ tableName: "media_file", recordId: "m-gated-kit" });
    expect(JSON.stringify(audits.map((a) => a.details))).not.toMatch(/rita|example\.com|Fans/i);
  });

  it("never changes a lead when the same e-mail comes again (anyone can type it): records a re-submission", async () => {
    const before = await env.db.lead.findFirstOrThrow({ where: { contentId: C.gated } });
    const phone = vid();
    // Someone else's e-mail with other details, from another device: the file is served…
    await expect(
      requestDownload(C.gated, phone, {
        lead: lead({ name: "Mallory", email: "RITA.FAN@example.com", phone: "", company: undefined }),
      }),
    ).resolves.toMatchObject({ fileName: "m-gated-kit.pdf" });
    // …but the fan's lead keeps her name, phone, company, consent and device.
    const after = await env.db.lead.findMany({ where: { contentId: C.gated } });
    expect(after).toEqual([before]);
    expect(await env.db.engagementEvent.count({ where: { contentId: C.gated, type: "lead" } })).toBe(1);
    expect(
      await env.db.engagementEvent.count({
        where: { contentId: C.gated, type: "download", visitorId: phone },
      }),
    ).toBe(1);
    const [audit] = await env.db.sessionAudit.findMany({
      where: { action: "download_tracking", companyId: A },
      orderBy: { createdAt: "desc" },
      take: 1,
    });
    expect(audit!.details).toMatchObject({
      newLead: false,
      leadResubmitted: true,
      differingFields: ["name", "phone", "company"],
    });
    expect(JSON.stringify(audit!.details)).not.toMatch(/mallory|example\.com/i);
  });

  it("does not open another company's gate with a lead on file here", async () => {
    const v = vid();
    await requestDownload(C.gated, v, { lead: lead({ email: "other@example.com" }) });
    expect(await failure(requestDownload(C.otherGated, v, {}))).toMatchObject({
      code: "forbidden",
      leadRequired: true,
    });
    // Nor does a media id of another content or company, or one still processing.
    for (const mediaId of ["m-other", "m-gated-kit", "m-open-busy", "m-draft", "nope"]) {
      expect((await failure(requestDownload(C.open, v, { mediaId }))).code).toBe("not_found");
    }
  });

  it("serves ungated content without a lead: the first ready media by position, or the one asked for", async () => {
    const v = vid();
    expect((await requestDownload(C.open, v, {})).fileName).toBe("m-open-first.jpg");
    expect((await requestDownload(C.open, v, { mediaId: "m-open-second" })).fileName).toBe(
      "m-open-second.jpg",
    );
    // A single's cover is its artwork, not the file.
    expect((await requestDownload(C.single, v, {})).fileName).toBe("m-single-track.mp3");
    expect(await env.db.lead.count({ where: { visitorId: v } })).toBe(0);
    expect(await env.db.engagementEvent.count({ where: { visitorId: v, type: "download" } })).toBe(3);
  });
});

describe("views, shares and watch time", () => {
  it("counts one view per visitor and content per 30 minutes", async () => {
    const v = vid();
    expect(await recordView(C.resource, v)).toBe(true);
    expect(await recordView(C.resource, v)).toBe(false);
    expect(await recordView(C.resource, vid())).toBe(true);
    expect(await recordView(C.open, v)).toBe(true);
    await env.db.engagementEvent.updateMany({
      where: { contentId: C.resource, visitorId: v, type: "view" },
      data: { createdAt: new Date(Date.now() - 31 * 60_000) },
    });
    expect(await recordView(C.resource, v)).toBe(true);
    expect(
      await env.db.engagementEvent.count({ where: { contentId: C.resource, visitorId: v, type: "view" } }),
    ).toBe(2);
  });

  it("counts simultaneous first views of one visitor once", async () => {
    const v = vid();
    const counted = await Promise.all(Array.from({ length: 20 }, () => recordView(C.mixed, v)));
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(
      await env.db.engagementEvent.count({ where: { contentId: C.mixed, visitorId: v, type: "view" } }),
    ).toBe(1);
  });

  it("records shares by channel and rejects unknown channels", async () => {
    const v = vid();
    await recordShare(C.open, v, { channel: "native" });
    expect((await events(C.open, "share")).find((e) => e.visitorId === v)).toMatchObject({
      channel: "native",
      value: 1,
    });
    expect((await failure(recordShare(C.open, v, { channel: "myspace" }))).fieldErrors).toEqual({
      channel: "engagement.errors.channelInvalid",
    });
  });

  it("records watch time of 1 to 30 whole seconds", async () => {
    const v = vid();
    await recordWatchTime(C.open, v, { seconds: 10 });
    await recordWatchTime(C.open, v, { seconds: 30 });
    const rows = (await events(C.open, "watch_time")).filter((e) => e.visitorId === v);
    expect(rows.map((r) => r.value)).toEqual([10, 30]);
    for (const seconds of [0, 31, 1.5, "10", -5]) {
      expect((await failure(recordWatchTime(C.open, v, { seconds }))).code).toBe("validation");
    }
  });
});
