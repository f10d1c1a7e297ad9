import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir } from "@/lib/core/env";
import { inviteReviewers, cancelReview, revokeReviewer } from "@/lib/features/review/invite";
import { publishApprovedSet } from "@/lib/features/review/publish";
import { decidePhoto, finishReview, findReviewer, loadReviewPage } from "@/lib/features/review/reviewer";
import { reviewPreview } from "@/lib/features/review/preview";
import { getGalleryReview } from "@/lib/features/review/queries";
import { resolveMediaObject } from "@/lib/surfaces/public-site/resolve-media-object";
import { loadPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { rowsNamingAddress } from "./support/limiter-store";
import { mediaTestEnv, readyPhoto, type MediaTestEnv } from "./support/media";
import { auditRows, createContentRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #36, review before publishing, against the real database, store and mail outbox: the
 * organiser invites reviewers to a draft; each reviewer's e-mailed link opens only that draft,
 * marked photos included; approvals, rejections and notes are kept per reviewer, bounded by the
 * organiser's minimum, maximum and deadline, and audited; publishing the approved set shows fans
 * exactly those photos (pages and rendition URLs) and tells the reviewers.
 */
let env: MediaTestEnv;
let company: Tenant;
let other: Tenant;
let gallery: string;
let photos: string[];
const run = Math.random().toString(36).slice(2, 8);
const artist = `artist-${run}@example.test`;
const manager = `manager-${run}@example.test`;

const photo = (contentId: string, seed: number, tenant = company) =>
  readyPhoto(tenant, contentId, seed, { width: 800, height: 600 });

/** The newest e-mail to `to` in the outbox (no SMTP_URL in tests: `.eml` files), and its link. */
async function mailTo(
  to: string,
  subjectIncludes: string,
): Promise<{ subject: string; text: string; link: string }> {
  const dir = path.join(dataDir, "mail");
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  for (const file of files) {
    const parsed = await simpleParser(await readFile(path.join(dir, file)));
    const address = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
    if (address !== to || !parsed.subject?.includes(subjectIncludes)) continue;
    const text = parsed.text ?? "";
    return { subject: parsed.subject, text, link: /https?:\/\/\S+/.exec(text)?.[0] ?? "" };
  }
  throw new Error(`no e-mail to ${to} about ${subjectIncludes}`);
}
const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  other = await createTenant(env.db, { plan: "professional" });
  gallery = (
    await createContentRow(env.db, company.id, {
      title: "Main stage",
      kind: "photo_gallery",
      status: "draft",
    })
  ).id;
  photos = [];
  for (const seed of [10, 40, 70, 100, 130]) photos.push(await photo(gallery, seed));
}, 180_000);
afterAll(() => env?.close());

describe("review before publishing", () => {
  let artistToken: string;
  let managerToken: string;

  it("refuses a Starter company, another company's gallery and bad input, sending nothing", async () => {
    const starter = await createTenant(env.db);
    const draft = (await createContentRow(env.db, starter.id, { kind: "photo_gallery", status: "draft" })).id;
    await expect(inviteReviewers(starter.as("admin"), draft, { emails: artist }, "en")).rejects.toMatchObject(
      {
        code: "forbidden",
        messageKey: "plans.errors.feature",
      },
    );
    await expect(inviteReviewers(other.as("admin"), gallery, { emails: artist }, "en")).rejects.toMatchObject(
      {
        code: "not_found",
      },
    );
    await expect(
      inviteReviewers(company.as("user"), gallery, { emails: artist }, "en"),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      inviteReviewers(company.as("admin"), gallery, { emails: "not-an-address" }, "en"),
    ).rejects.toMatchObject({ code: "validation" });
    await expect(
      inviteReviewers(
        company.as("admin"),
        gallery,
        { emails: artist, minApprovals: 4, maxApprovals: 2 },
        "en",
      ),
    ).rejects.toMatchObject({
      code: "validation",
      fieldErrors: { maxApprovals: "review.errors.minOverMax" },
    });
    expect(await env.db.galleryReview.count({ where: { contentId: gallery } })).toBe(0);
  });

  it("invites two reviewers by e-mail; each link opens the draft with that reviewer's marked photos", async () => {
    const invited = await inviteReviewers(
      company.as("admin"),
      gallery,
      { emails: `${artist}, ${manager}`, message: "Pick the best ones", minApprovals: 1, maxApprovals: 3 },
      "en",
    );
    expect(invited.invited).toEqual([artist, manager]);
    // The invitation limits key addresses with a keyed digest (attacker review, issue #36).
    expect(await rowsNamingAddress(env.db, artist)).toBe(0);
    const mail = await mailTo(artist, "asks for your review");
    expect(mail.text).toContain("Pick the best ones");
    expect(mail.link).toMatch(/\/review\/[\w-]{40,}$/);
    artistToken = tokenOf(mail.link);
    managerToken = tokenOf((await mailTo(manager, "asks for your review")).link);
    // Only the hash is stored.
    expect(await env.db.galleryReviewer.count({ where: { tokenHash: artistToken } })).toBe(0);

    const page = await loadReviewPage(artistToken);
    expect(page?.photos.map((p) => p.id)).toEqual(photos);
    expect(page?.reviewer.review.message).toBe("Pick the best ones");
    // The draft's photos are not public …
    expect((await resolveMediaObject(photos[0]!, "w640.webp")).state).toBe("missing");
    // … but its reviewer sees them, marked: the pixels differ from the clean rendition's.
    const marked = await sharp(await reviewPreview(artistToken, photos[0]!))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const variants = (await env.db.mediaFile.findUniqueOrThrow({ where: { id: photos[0]! } })).variants as {
      width: number;
      format: string;
      key: string;
    }[];
    const source = variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0]!;
    const read = await env.store.readSmall(source.key, 4 << 20);
    if (!read || read === "too-large") throw new Error("no clean rendition");
    const clean = await sharp(read.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(marked.info.width).toBe(clean.info.width);
    let changed = 0;
    for (let i = 0; i < marked.data.length; i++)
      if (Math.abs(marked.data[i]! - clean.data[i]!) > 24) changed++;
    expect(changed / marked.data.length).toBeGreaterThan(0.02);
    // Another company's photo, or a made-up token, shows nothing.
    const foreign = (await createContentRow(env.db, other.id, { kind: "photo_gallery", status: "draft" })).id;
    const foreignPhoto = await photo(foreign, 200, other);
    await expect(reviewPreview(artistToken, foreignPhoto)).rejects.toMatchObject({ code: "not_found" });
    await expect(reviewPreview("x".repeat(43), photos[0]!)).rejects.toMatchObject({ code: "not_found" });
  }, 60_000);

  it("keeps each reviewer's decisions and notes, within the maximum, and audits them", async () => {
    for (const id of [photos[0]!, photos[1]!, photos[2]!])
      expect(await decidePhoto(artistToken, { mediaId: id, decision: "approved" })).toMatchObject({
        decision: "approved",
      });
    // Over the maximum of 3: refused, nothing changes.
    await expect(
      decidePhoto(artistToken, { mediaId: photos[3]!, decision: "approved" }),
    ).rejects.toMatchObject({
      code: "conflict",
      messageKey: "review.errors.tooMany",
    });
    expect(await decidePhoto(artistToken, { mediaId: photos[3]!, decision: "rejected" })).toMatchObject({
      decision: "rejected",
      approvals: 3,
    });
    expect(
      await decidePhoto(artistToken, { mediaId: photos[0]!, note: "Crop the drummer out" }),
    ).toMatchObject({ decision: "approved", note: "Crop the drummer out" });
    // The manager rejects photo 3 (a veto) and approves photo 5.
    await decidePhoto(managerToken, { mediaId: photos[2]!, decision: "rejected" });
    await decidePhoto(managerToken, { mediaId: photos[4]!, decision: "approved" });
    // Another gallery's photo and a malformed body are refused.
    await expect(decidePhoto(artistToken, { mediaId: "nope", decision: "approved" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(decidePhoto(artistToken, { mediaId: photos[1]!, decision: "maybe" })).rejects.toMatchObject({
      code: "validation",
    });

    const summary = await getGalleryReview(company.id, gallery);
    expect(summary?.verdicts[photos[0]!]).toEqual({
      approvedBy: [artist],
      rejectedBy: [],
      notes: [{ email: artist, note: "Crop the drummer out" }],
    });
    expect(summary?.verdicts[photos[2]!]).toMatchObject({ approvedBy: [artist], rejectedBy: [manager] });
    // Approved by someone and rejected by no one: photos 1, 2 and 5.
    expect(summary?.approvedCount).toBe(3);
    expect(await getGalleryReview(other.id, gallery)).toBeNull();
    const audited = (await auditRows(env.db, company.id, "gallery_review")).map(
      (row) => (row.details as { operation: string }).operation,
    );
    expect(audited).toEqual(expect.arrayContaining(["opened", "decided", "noted"]));
  });

  it("a reviewer finishes within the bounds (the organiser is told); after that, and after the deadline, nothing changes", async () => {
    // The organiser who sent the review, as a real account of the company.
    const organiser = company.as("admin");
    await env.db.user.create({ data: { id: organiser.userId, email: organiser.email, name: "Organiser" } });
    await env.db.profile.create({
      data: { userId: organiser.userId, displayName: "Organiser", role: "admin", companyId: company.id },
    });
    await expect(finishReview(artistToken)).resolves.toEqual({ approvals: 3 });
    const told = await mailTo(organiser.email, "finished reviewing");
    expect(told.text).toContain("3 of 5 photos approved");
    expect(told.link).toContain(`/admin/content/${gallery}`);
    await expect(decidePhoto(artistToken, { mediaId: photos[1]!, decision: null })).rejects.toMatchObject({
      messageKey: "review.errors.alreadyDone",
    });
    await env.db.galleryReview.updateMany({
      where: { contentId: gallery },
      data: { deadline: new Date(Date.now() - 1000) },
    });
    await expect(
      decidePhoto(managerToken, { mediaId: photos[1]!, decision: "approved" }),
    ).rejects.toMatchObject({
      messageKey: "review.errors.deadlinePassed",
    });
    await env.db.galleryReview.updateMany({ where: { contentId: gallery }, data: { deadline: null } });
  });

  it("a link taken back stops at once and no longer counts", async () => {
    const extra = `extra-${run}@example.test`;
    await inviteReviewers(company.as("manager"), gallery, { emails: extra }, "en");
    const extraToken = tokenOf((await mailTo(extra, "asks for your review")).link);
    await decidePhoto(extraToken, { mediaId: photos[1]!, decision: "rejected" });
    expect((await getGalleryReview(company.id, gallery))?.approvedCount).toBe(2);
    const reviewer = await env.db.galleryReviewer.findFirstOrThrow({ where: { email: extra } });
    await expect(revokeReviewer(other.as("admin"), reviewer.id)).rejects.toMatchObject({ code: "not_found" });
    await revokeReviewer(company.as("admin"), reviewer.id);
    expect((await findReviewer(extraToken)).state).toBe("invalid");
    await expect(
      decidePhoto(extraToken, { mediaId: photos[1]!, decision: "approved" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await getGalleryReview(company.id, gallery))?.approvedCount).toBe(3);
  });

  it("publishing shows fans exactly the approved set, hides the rest and tells the reviewers", async () => {
    await expect(publishApprovedSet(other.as("admin"), gallery)).rejects.toMatchObject({ code: "not_found" });
    const outcome = await publishApprovedSet(company.as("admin"), gallery);
    expect(outcome).toMatchObject({ published: 3, hidden: 2 });
    const content = await env.db.content.findUniqueOrThrow({ where: { id: gallery } });
    expect(content.status).toBe("published");

    const page = await loadPlayerPage(gallery, company.id);
    expect(page?.state === "ok" ? page.content.media.map((m) => m.id) : null).toEqual([
      photos[0],
      photos[1],
      photos[4],
    ]);
    expect((await resolveMediaObject(photos[0]!, "w640.webp")).state).toBe("ok");
    // The photos left out: no rendition for fans, though they stay in the admin.
    expect((await resolveMediaObject(photos[2]!, "w640.webp")).state).toBe("missing");
    expect((await resolveMediaObject(photos[3]!, "w640.webp")).state).toBe("missing");
    expect(await env.db.mediaFile.count({ where: { contentId: gallery } })).toBe(5);

    const told = await mailTo(manager, "is published");
    expect(told.text).toContain("3 approved photos");
    // The review is over: its links open nothing, publishing again is refused.
    expect((await findReviewer(artistToken)).state).toBe("closed");
    await expect(reviewPreview(artistToken, photos[0]!)).rejects.toMatchObject({ code: "not_found" });
    await expect(publishApprovedSet(company.as("admin"), gallery)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(cancelReview(company.as("admin"), gallery)).rejects.toMatchObject({ code: "not_found" });
  });

  it("leaves photos hidden by hand out of the review, sets an approved cover, caps the deadline, stops with the plan", async () => {
    const second = (
      await createContentRow(env.db, company.id, {
        title: "Side stage",
        kind: "photo_gallery",
        status: "draft",
      })
    ).id;
    const [kept, takenDown, cover] = [
      await photo(second, 20),
      await photo(second, 50),
      await photo(second, 80),
    ];
    await env.db.mediaFile.update({ where: { id: takenDown }, data: { hidden: true } });
    await env.db.content.update({ where: { id: second }, data: { coverMediaId: cover } });
    const far = new Date(Date.now() + 200 * 24 * 3600 * 1000).toISOString();
    await expect(
      inviteReviewers(company.as("admin"), second, { emails: artist, deadline: far }, "en"),
    ).rejects.toMatchObject({ messageKey: "review.errors.deadlineTooFar", values: { days: 90 } });
    const reviewerEmail = `side-${run}@example.test`;
    await inviteReviewers(company.as("admin"), second, { emails: reviewerEmail }, "en");
    const token = tokenOf((await mailTo(reviewerEmail, "asks for your review")).link);
    // The photo the organiser took down is not sent to outside reviewers.
    expect((await loadReviewPage(token))?.photos.map((p) => p.id)).toEqual([kept, cover]);
    await expect(reviewPreview(token, takenDown)).rejects.toMatchObject({ code: "not_found" });
    await expect(decidePhoto(token, { mediaId: takenDown, decision: "approved" })).rejects.toMatchObject({
      code: "not_found",
    });
    await decidePhoto(token, { mediaId: kept, decision: "approved" });
    await decidePhoto(token, { mediaId: cover, decision: "rejected" });

    // Off the plan (a trial that ended), the links and publishing stop.
    await env.db.company.update({ where: { id: company.id }, data: { plan: "starter" } });
    expect((await findReviewer(token)).state).toBe("closed");
    await expect(publishApprovedSet(company.as("admin"), second)).rejects.toMatchObject({
      code: "forbidden",
    });
    await env.db.company.update({ where: { id: company.id }, data: { plan: "professional" } });

    await publishApprovedSet(company.as("admin"), second);
    const rows = await env.db.mediaFile.findMany({
      where: { contentId: second },
      select: { id: true, hidden: true },
    });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.hidden]))).toEqual({
      [kept]: false,
      [takenDown]: true,
      [cover]: true,
    });
    // The rejected cover gave way to the first approved photo.
    expect((await env.db.content.findUniqueOrThrow({ where: { id: second } })).coverMediaId).toBe(kept);
  }, 60_000);
});
