import { createHash, randomUUID } from "node:crypto";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MailMessage } from "@/lib/core/mail";
import { favouriteCountsOf } from "@/lib/features/analytics/favourites";
import { favouritesLinkToken } from "@/lib/features/engagement/favourites-link";
import {
  FAVOURITES_CLAIMS_PER_CLIENT_PER_HOUR,
  FAVOURITES_CLAIMS_PER_TOKEN_PER_DAY,
  FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR,
  FAVOURITES_LINKS_PER_CLIENT_PER_HOUR,
} from "@/lib/features/engagement/favourites-transfer";
import { fanApi, fanRequest, idParams, type FanApi } from "./support/engagement";
import { mediaTestEnv, readyPhoto, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

// The outbox, read in the test; a mail to a "fail" address fails as an SMTP server would; the
// leads stored for an address when its mail goes.
const sent = vi.hoisted(() => [] as MailMessage[]);
const leadsAtSend = vi.hoisted(() => new Map<string, number>());
vi.mock("@/lib/core/mail", () => ({
  sendMail: async (message: MailMessage) => {
    const to = String(message.to);
    if (to.startsWith("fail")) throw new Error(`550 5.1.1 <${to}>: no such user`);
    const { db } = await import("@/lib/core/db");
    leadsAtSend.set(to, await db.lead.count({ where: { email: to } }));
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  },
}));

/**
 * Attacker review of issue #36, finding 5 (the e-mailed favourites link): redemptions limited per
 * token and per client; the address limits keyed and normalised (+tags, Gmail dots), and a
 * per-client limit on the lead path too; a failed mail logged without the address; the lead
 * stored before its mail goes; a copied heart taken back and given again still counted once.
 */
let env: MediaTestEnv;
let company: Tenant;
let gallery: string;
let gated: string;
let photos: string[];
let gatedPhoto: string;
let api: FanApi;

const request = (path: string, contentId: string, visitor: string, body: unknown, ip: string) =>
  fanRequest(`/api/content/${contentId}/${path}`, { visitor, body, ip });
let ipSeq = 0;
const freshIp = () => `10.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}.7`;

async function heart(visitor: string, mediaId: string, favourite = true, contentId = gallery) {
  const res = await api.favourite(
    request("favourites", contentId, visitor, { mediaId, favourite }, freshIp()),
    idParams(contentId),
  );
  expect(res.status).toBe(200);
}
async function claim(visitor: string, token: string, ip = freshIp()) {
  const res = await api.claimFavourites(
    request("favourites/claim", gallery, visitor, { token }, ip),
    idParams(gallery),
  );
  return res.status;
}
async function askLink(visitor: string, email: string, ip = freshIp()) {
  const res = await api.favouritesLink(
    request("favourites/email", gallery, visitor, { email, consent: true }, ip),
    idParams(gallery),
  );
  return res.status;
}
async function leadDownload(visitor: string, email: string, ip = freshIp()) {
  const res = await api.download(
    request(
      "downloads",
      gated,
      visitor,
      { mediaId: gatedPhoto, lead: { name: "Fan", email, consent: true } },
      ip,
    ),
    idParams(gated),
  );
  expect(res.status).toBe(200);
}
/** Waits for the mails sent after their answers: until `done` (at most 10 s), then a moment for any extra. */
async function settle(done: () => boolean): Promise<void> {
  for (let waited = 0; waited < 10_000 && !done(); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  const event = await createEventRow(env.db, company.id);
  const make = async (title: string, requiresLead: boolean) =>
    (
      await createContentRow(env.db, company.id, {
        title,
        kind: "photo_gallery",
        status: "published",
        requiresLead,
        eventIds: [event.id],
      })
    ).id;
  gallery = await make("Night one", false);
  gated = await make("Night two", true);
  api = fanApi({ like: 100, anonPerIp: 5000 });
  const photo = (contentId: string, seed: number) =>
    readyPhoto(company, contentId, seed, { width: 120, height: 80 });
  photos = [await photo(gallery, 10), await photo(gallery, 20), await photo(gallery, 30)];
  gatedPhoto = await photo(gated, 40);
}, 120_000);
afterAll(() => env?.close());

describe("redeeming a favourites link", () => {
  it("is limited per token: fresh visitors cannot multiply the hearts", async () => {
    const fan = randomUUID();
    await heart(fan, photos[0]!);
    const token = favouritesLinkToken(gallery, fan);
    const statuses: number[] = [];
    for (let i = 0; i <= FAVOURITES_CLAIMS_PER_TOKEN_PER_DAY; i++)
      statuses.push(await claim(randomUUID(), token));
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await env.db.favourite.count({ where: { mediaId: photos[0]! } })).toBe(
      1 + FAVOURITES_CLAIMS_PER_TOKEN_PER_DAY,
    );
  });

  it("is limited per client across tokens", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= FAVOURITES_CLAIMS_PER_CLIENT_PER_HOUR; i++) {
      const fan = randomUUID();
      await heart(fan, photos[1]!);
      statuses.push(await claim(randomUUID(), favouritesLinkToken(gallery, fan), ip));
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the limits of the links' mails", () => {
  it("count one mailbox whatever its +tags and Gmail dots, under a keyed digest", async () => {
    const fan = randomUUID();
    await heart(fan, photos[0]!);
    const variants = Array.from({ length: FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR + 3 }, (_, i) =>
      i % 2 ? `vic.tim+${i}@gmail.com` : `v.i.c.t.i.m+${i}@googlemail.com`,
    );
    for (const address of variants) expect(await askLink(fan, address)).toBe(202);
    const mailed = () => sent.filter((m) => variants.includes(String(m.to)));
    await settle(() => mailed().length >= FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR);
    expect(mailed()).toHaveLength(FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR);
    // The limiter's store holds no plain hash of the address.
    const plain = createHash("sha256").update(variants[0]!).digest("hex");
    const [row] = await env.db.$queryRawUnsafe<{ n: bigint }[]>(
      `select count(*) as n from rate_limiter where key like $1`,
      `%${plain}%`,
    );
    expect(row!.n).toBe(0n);
  });

  it("the lead path's mails are limited per client too", async () => {
    const ip = freshIp();
    const addresses: string[] = [];
    for (let i = 0; i <= FAVOURITES_LINKS_PER_CLIENT_PER_HOUR; i++) {
      const fan = randomUUID();
      await heart(fan, gatedPhoto, true, gated);
      addresses.push(`lead-${i}-${randomUUID().slice(0, 8)}@example.test`);
      await leadDownload(fan, addresses.at(-1)!, ip);
    }
    const mailed = () => sent.filter((m) => addresses.includes(String(m.to)));
    await settle(() => mailed().length >= FAVOURITES_LINKS_PER_CLIENT_PER_HOUR);
    expect(mailed()).toHaveLength(FAVOURITES_LINKS_PER_CLIENT_PER_HOUR);
  });
});

describe("a mail that fails", () => {
  it("is logged without the address", async () => {
    const fan = randomUUID();
    await heart(fan, photos[2]!);
    const address = "fail.fan+x@example.test";
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await askLink(fan, address)).toBe(202);
      await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 5000 });
      const text = logged.mock.calls.map((args) => inspect(args, { depth: 5 })).join("\n");
      expect(text).toContain("favourites link not sent");
      expect(text).not.toContain("fail.fan");
      expect(text).not.toContain("example.test");
    } finally {
      logged.mockRestore();
    }
  });
});

describe("a lead left with favourites", () => {
  it("is stored before the link's mail goes", async () => {
    const fan = randomUUID();
    await heart(fan, gatedPhoto, true, gated);
    const email = `order-${randomUUID().slice(0, 8)}@example.test`;
    // Another request's uncommitted lead for the same address holds the insert back a moment.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const blocker = env.db
      .$transaction(
        async (tx) => {
          await tx.lead.create({
            data: { companyId: company.id, contentId: gated, name: "x", email, consent: true },
          });
          await held;
          throw new Error("rolled back");
        },
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const download = leadDownload(fan, email);
    // Held until its mail went (the old order: mailed while the lead was not stored) or 4 s passed.
    for (let waited = 0; waited < 4000 && !leadsAtSend.has(email); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    release();
    await blocker;
    await download;
    await vi.waitFor(() => expect(leadsAtSend.has(email)).toBe(true), { timeout: 5000 });
    expect(leadsAtSend.get(email)).toBe(1);
  });
});

describe("a copied heart taken back and given again", () => {
  it("is still the first fan's: the organiser counts them once", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await heart(a, photos[0]!);
    await heart(a, photos[1]!);
    expect(await claim(b, favouritesLinkToken(gallery, a))).toBe(200);
    const fansOf = async (mediaId: string) => {
      const [row] = await env.db.$queryRawUnsafe<{ n: bigint }[]>(
        `select count(distinct coalesce("heartOf", "visitorId")) as n from favourite where "mediaId" = $1 and "visitorId" in ($2, $3)`,
        mediaId,
        a,
        b,
      );
      return Number(row!.n);
    };
    expect(await fansOf(photos[0]!)).toBe(1);
    const counted = async () => (await favouriteCountsOf(company.id, gallery)).get(photos[0]!);
    const before = await counted();
    await heart(b, photos[0]!, false);
    await heart(b, photos[0]!, true);
    expect(await fansOf(photos[0]!)).toBe(1);
    expect(await counted()).toBe(before);
    // A photo the first fan never hearted stays this device's own.
    await heart(b, photos[2]!);
    expect(
      (
        await env.db.favourite.findUniqueOrThrow({
          where: { mediaId_visitorId: { mediaId: photos[2]!, visitorId: b } },
        })
      ).heartOf,
    ).toBeNull();
  });
});
