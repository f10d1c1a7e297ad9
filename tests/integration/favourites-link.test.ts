import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MailMessage } from "@/lib/core/mail";
import { favouriteCountsOf, mostFavourited } from "@/lib/features/analytics/favourites";
import { favouritesLinkToken } from "@/lib/features/engagement/favourites-link";
import { favouritesTokenFromHash } from "@/lib/features/engagement/favourites-fragment";
import {
  FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR,
  FAVOURITES_LINKS_PER_CLIENT_PER_HOUR,
  requestFavouritesLink,
} from "@/lib/features/engagement/favourites-transfer";
import { fanApi, fanRequest, idParams, type FanApi } from "./support/engagement";
import { mediaTestEnv, readyPhoto, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

// The outbox, read in the test: every mail the app sends goes through lib/core/mail's sendMail.
const sent = vi.hoisted(() => [] as MailMessage[]);
vi.mock("@/lib/core/mail", () => ({
  sendMail: async (message: MailMessage) => {
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  },
}));

/**
 * Issue #36: a fan's favourites on another device through an e-mailed, signed, expiring link.
 * Through the real handlers, limiter and database: the merge is idempotent, the answer is the
 * same whatever happens to the mail, a token opens only its own gallery, it expires, and the
 * organiser's figures count a fan once and stay in their company.
 */
let env: MediaTestEnv;
let company: Tenant;
let other: Tenant;
let gallery: string;
let sibling: string;
let foreign: string;
let photos: string[];
let foreignPhoto: string;
let api: FanApi;

const request = (path: string, contentId: string, visitor: string | null, body: unknown, ip?: string) =>
  fanRequest(`/api/content/${contentId}/${path}`, { visitor, locale: "pt", body, ip });
async function heart(visitor: string, mediaId: string, contentId = gallery) {
  const res = await api.favourite(
    request("favourites", contentId, visitor, { mediaId, favourite: true }),
    idParams(contentId),
  );
  expect(res.status).toBe(200);
}
async function askLink(visitor: string | null, email: string, ip?: string, contentId = gallery) {
  const res = await api.favouritesLink(
    request("favourites/email", contentId, visitor, { email, consent: true }, ip),
    idParams(contentId),
  );
  return { status: res.status, body: await res.text() };
}
async function claim(visitor: string, token: string, contentId = gallery) {
  const res = await api.claimFavourites(
    request("favourites/claim", contentId, visitor, { token }),
    idParams(contentId),
  );
  return {
    status: res.status,
    body: (await res.json()) as { mediaIds?: string[]; added?: number; messageKey?: string },
  };
}
const rowsOf = (visitorId: string) => env.db.favourite.count({ where: { visitorId } });
/** Waits for the mails a request started after its answer. */
const mailsTo = async (to: string, count: number) => {
  await vi.waitFor(() => expect(sent.filter((m) => m.to === to)).toHaveLength(count), { timeout: 5000 });
  return sent.filter((m) => m.to === to);
};
const tokenIn = (mail: MailMessage) => {
  const url = /https?:\/\/[^\s"<]+#favourites=[A-Za-z0-9._-]+/.exec(mail.text ?? "")?.[0];
  expect(url).toBeDefined();
  return { url: url!, token: favouritesTokenFromHash(new URL(url!).hash)! };
};

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  other = await createTenant(env.db, { plan: "professional" });
  const make = async (tenant: Tenant, title: string, requiresLead = false) => {
    const event = await createEventRow(env.db, tenant.id);
    return (
      await createContentRow(env.db, tenant.id, {
        title,
        kind: "photo_gallery",
        status: "published",
        requiresLead,
        eventIds: [event.id],
      })
    ).id;
  };
  gallery = await make(company, "Night one");
  sibling = await make(company, "Night two", true);
  foreign = await make(other, "Elsewhere");
  api = fanApi({ like: 100 });
  photos = [
    await readyPhoto(company, gallery, 10),
    await readyPhoto(company, gallery, 20),
    await readyPhoto(company, gallery, 30),
  ];
  foreignPhoto = await readyPhoto(other, foreign, 40);
}, 120_000);
afterAll(() => env?.close());

describe("favourites on another device", () => {
  it("mails a signed link without the address in the answer; opening it merges once, on any device", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await heart(a, photos[0]!);
    await heart(a, photos[2]!);
    await heart(b, photos[1]!);
    const email = "fan.one@example.test";
    const asked = await askLink(a, email);
    expect(asked).toEqual({ status: 202, body: JSON.stringify({ sent: true }) });
    expect(asked.body).not.toContain("example.test");
    const [mail] = await mailsTo(email, 1);
    // In the fan's language (the locale cookie), naming the gallery, the link to its page.
    expect(mail!.subject).toBe("Os seus favoritos de Night one");
    const { url, token } = tokenIn(mail!);
    expect(url).toContain(`/player/${gallery}#favourites=`);
    expect(url).not.toContain("example.test");

    const first = await claim(b, token);
    // Each heart keeps the moment it was given: the list reads in the order the fan chose.
    expect(first).toEqual({ status: 200, body: { mediaIds: [photos[0], photos[2], photos[1]], added: 2 } });
    // Twice, and on the device that asked: nothing duplicated, nothing lost.
    expect(await claim(b, token)).toEqual({ status: 200, body: { ...first.body, added: 0 } });
    expect(await claim(a, token)).toEqual({
      status: 200,
      body: { mediaIds: [photos[0], photos[2]], added: 0 },
    });
    expect(await rowsOf(b)).toBe(3);
    expect(await rowsOf(a)).toBe(2);
    // The organiser counts the fan once per photo, though two devices hold the heart.
    const counts = await favouriteCountsOf(company.id, gallery);
    expect(Object.fromEntries(counts)).toEqual({ [photos[0]!]: 1, [photos[1]!]: 1, [photos[2]!]: 1 });
  });

  it("answers the same whether the address is known, the visitor has favourites or a mail goes out", async () => {
    const known = "known.fan@example.test";
    await env.db.lead.create({
      data: { companyId: company.id, contentId: gallery, name: "Known", email: known, consent: true },
    });
    const withHearts = randomUUID();
    await heart(withHearts, photos[1]!);
    const answers = [
      await askLink(withHearts, known, "198.51.100.1"),
      await askLink(withHearts, "stranger@example.test", "198.51.100.2"),
      await askLink(randomUUID(), known, "198.51.100.3"), // no favourites: no mail
      await askLink(null, "nobody@example.test", "198.51.100.4"), // no cookie at all
    ];
    expect(new Set(answers.map((x) => `${x.status} ${x.body}`))).toEqual(new Set(['202 {"sent":true}']));
    await mailsTo(known, 1);
    await mailsTo("stranger@example.test", 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent.filter((m) => m.to === "nobody@example.test")).toHaveLength(0);
    expect(sent.filter((m) => m.to === known)).toHaveLength(1);
  });

  it("limits mails per address silently and requests per client with a 429", async () => {
    const fan = randomUUID();
    await heart(fan, photos[0]!);
    const victim = "inbox.owner@example.test";
    for (let i = 0; i < FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR + 2; i++) {
      expect((await askLink(fan, victim, `192.0.2.${i + 1}`)).status).toBe(202);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent.filter((m) => m.to === victim)).toHaveLength(FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR);

    const statuses: number[] = [];
    for (let i = 0; i <= FAVOURITES_LINKS_PER_CLIENT_PER_HOUR; i++) {
      statuses.push((await askLink(fan, `someone-${i}@example.test`, "192.0.2.200")).status);
    }
    expect(statuses.slice(0, FAVOURITES_LINKS_PER_CLIENT_PER_HOUR).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("a token opens only its own gallery: not a sibling, not another company's, not altered", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await heart(a, photos[0]!);
    await heart(randomUUID(), foreignPhoto, foreign);
    const token = favouritesLinkToken(gallery, a);
    const invalid = {
      status: 422,
      body: expect.objectContaining({ messageKey: "engagement.errors.favouritesLinkInvalid" }),
    };
    expect(await claim(b, token, sibling)).toMatchObject(invalid);
    expect(await claim(b, token, foreign)).toMatchObject(invalid);
    // The other company's fan's token, used at this company's gallery.
    expect(await claim(b, favouritesLinkToken(foreign, a), gallery)).toMatchObject(invalid);
    // Another visitor's id in a valid token's place: the signature no longer holds.
    const [expires, , mac] = token.split(".");
    expect(await claim(b, `${expires}.${randomUUID()}.${mac}`)).toMatchObject(invalid);
    expect(await claim(b, "junk")).toMatchObject(invalid);
    expect(await rowsOf(b)).toBe(0);
  });

  it("brings only photos fans may still see (one hidden since is left behind)", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await heart(a, photos[0]!);
    await heart(a, photos[1]!);
    await env.db.mediaFile.update({ where: { id: photos[1]! }, data: { hidden: true } });
    try {
      const opened = await claim(b, favouritesLinkToken(gallery, a));
      expect(opened).toEqual({ status: 200, body: { mediaIds: [photos[0]], added: 1 } });
      expect(await rowsOf(b)).toBe(1);
    } finally {
      await env.db.mediaFile.update({ where: { id: photos[1]! }, data: { hidden: false } });
    }
  });

  it("an expired token is refused and says so", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await heart(a, photos[1]!);
    const old = favouritesLinkToken(gallery, a, Date.now() - 8 * 24 * 60 * 60 * 1000);
    expect(await claim(b, old)).toMatchObject({
      status: 422,
      body: { messageKey: "engagement.errors.favouritesLinkExpired" },
    });
    expect(await rowsOf(b)).toBe(0);
  });

  it("a lead left on the gallery mails the fan the link to their favourites there", async () => {
    const fan = randomUUID();
    const sib = await readyPhoto(company, sibling, 50);
    await heart(fan, sib, sibling);
    const email = "lead.fan@example.test";
    const res = await api.download(
      request("downloads", sibling, fan, { mediaId: sib, lead: { name: "Lead Fan", email, consent: true } }),
      idParams(sibling),
    );
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(email, 1);
    const { token } = tokenIn(mail!);
    expect((await claim(randomUUID(), token, sibling)).body.mediaIds).toEqual([sib]);
  });

  it("the validation refuses a missing consent or a bad address, and mails nothing", async () => {
    const fan = randomUUID();
    await heart(fan, photos[0]!);
    const before = sent.length;
    const bad = await api.favouritesLink(
      request("favourites/email", gallery, fan, { email: "not-an-address", consent: false }),
      idParams(gallery),
    );
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toEqual({
      email: "validation.emailInvalid",
      consent: "engagement.errors.favouritesConsentRequired",
    });
    await expect(
      requestFavouritesLink(
        gallery,
        { id: fan, isNew: false },
        { email: "x@example.test" },
        { clientKey: "k", locale: "en" },
      ),
    ).rejects.toMatchObject({ code: "validation" });
    expect(sent.length).toBe(before);
  });

  it("the organiser's most-favourited photos stay in their company", async () => {
    const mine = await mostFavourited(company.id);
    expect(mine.map((g) => g.contentId)).toContain(gallery);
    expect(mine.map((g) => g.contentId)).not.toContain(foreign);
    const top = mine.find((g) => g.contentId === gallery)!;
    expect(top.photos.length).toBeGreaterThan(0);
    expect(top.photos.map((p) => p.fans)).toEqual([...top.photos.map((p) => p.fans)].sort((x, y) => y - x));
    const theirs = await mostFavourited(other.id);
    expect(theirs.map((g) => g.contentId)).toEqual([foreign]);
    expect(theirs[0]!.photos.map((p) => p.mediaId)).toEqual([foreignPhoto]);
  });
});
