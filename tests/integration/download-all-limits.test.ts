import { randomBytes, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DOWNLOAD_ALL_LIMITS,
  issueTicket,
  openDownloadAll,
  TICKET_REDEMPTIONS,
} from "@/lib/features/engagement/download-all";
import {
  MAX_ZIP_STREAMS_PER_CLIENT,
  MAX_ZIP_STREAMS_PER_COMPANY,
  zipStreamsInFlight,
} from "@/lib/features/engagement/zip-slots";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import fr from "@/messages/fr.json";
import { readZip } from "../support/zip-reader";
import { mediaTestEnv, type MediaTestEnv } from "./support/media";
import { createContentRow, createEventRow, createTenant } from "./support/tenants";

/**
 * Issue #34, row 11: six process-wide ZIP slots, no idle timeout and tickets redeemable without
 * end let six readers at 1 byte/s answer every other fan's "Download all", on any tenant, with
 * 429 for as long as they stayed. Now a reader that stops reading is cut and its slot freed, a
 * company has a share of the slots, not all, and a ticket streams a bounded number of times.
 */
let env: MediaTestEnv;
let api: ReturnType<typeof engagementHandlers>;
/** The same handlers with a minimum pace a test can reach quickly. */
let paced: ReturnType<typeof engagementHandlers>;
const gallery = { a: "", b: "", large: "" };
const companyOf = { a: "", b: "", large: "" };

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 50,
};

/** An open photo gallery with `photos` ready photos of `bytes` each (random: the ZIP stores them). */
async function openGallery(
  photos: number,
  size = 64 * 1024,
): Promise<{ companyId: string; contentId: string }> {
  const company = await createTenant(env.db, { plan: "professional" });
  const event = await createEventRow(env.db, company.id);
  const content = await createContentRow(env.db, company.id, {
    kind: "photo_gallery",
    status: "published",
    eventIds: [event.id],
  });
  for (let i = 0; i < photos; i++) {
    const id = `m${randomBytes(8).toString("hex")}`;
    const storageKey = `companies/${company.id}/media/${id}/original.jpg`;
    const bytes = randomBytes(size);
    await env.store.put(storageKey, bytes, "image/jpeg");
    await env.db.mediaFile.create({
      data: {
        id,
        companyId: company.id,
        contentId: content.id,
        kind: "photo",
        storageKey,
        // Nothing personal to remove: the fans' copy is the original (download-metadata.test.ts).
        downloadKey: storageKey,
        originalName: `photo-${i}.jpg`,
        mimeType: "image/jpeg",
        sizeBytes: BigInt(bytes.length),
        state: "ready",
        position: i,
      },
    });
  }
  return { companyId: company.id, contentId: content.id };
}

beforeAll(async () => {
  env = await mediaTestEnv();
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
  paced = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
    // Scaled down from the shipped pace (16 KiB/s after 30 s, over 60 s) so a test takes a second.
    downloadAll: {
      ...DOWNLOAD_ALL_LIMITS,
      pace: { minBytesPerSecond: 4 * 1024 ** 2, graceMs: 200, windowMs: 400 },
    },
  });
  for (const [key, made] of [
    ["a", await openGallery(8)],
    ["b", await openGallery(8)],
    // Photos larger than what the archive buffers, so one is still being read when the reader stops.
    ["large", await openGallery(2, 8 * 1024 ** 2)],
  ] as const) {
    gallery[key] = made.contentId;
    companyOf[key] = made.companyId;
  }
});
afterAll(() => env?.close());

const params = (id: string) => ({ params: Promise.resolve({ id }) });
let addresses = 0;
/** A client address of its own (the handlers believe a single X-Forwarded-For, as a bare `next start`). */
const newAddress = () => `198.51.100.${++addresses}`;
function request(path: string, visitor: string, locale: string, body?: unknown, ip = newAddress()): Request {
  return new Request(`http://app.test${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      host: "app.test",
      cookie: `NEXT_LOCALE=${locale}; ag_vid=${signedVisitorId(visitor)}`,
      "x-forwarded-for": ip,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A fan's POST: the ZIP's URL (with its ticket). */
async function grant(contentId: string, visitor: string, locale = "en"): Promise<string> {
  const res = await api.prepareDownloadAll(
    request(`/api/content/${contentId}/download-all`, visitor, locale, {}),
    params(contentId),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

const fetchZip = (contentId: string, url: string, visitor: string, locale = "en", ip?: string) =>
  api.downloadAll(request(url, visitor, locale, undefined, ip), params(contentId));

describe("download all cannot be blocked", () => {
  it("cuts a reader that takes nothing for the idle timeout: its slot and its store connection return", async () => {
    const before = zipStreamsInFlight();
    const visitor = randomUUID();
    // The objects the ZIP opens, to see that none is left open (each holds a store connection).
    const opened: Readable[] = [];
    const readStream = env.store.readStream.bind(env.store);
    const spy = vi.spyOn(env.store, "readStream").mockImplementation(async (key, range) => {
      const object = await readStream(key, range);
      opened.push(object);
      return object;
    });
    const zip = await openDownloadAll(
      gallery.large,
      visitor,
      issueTicket(gallery.large, visitor),
      null,
      visitor,
      {
        ...DOWNLOAD_ALL_LIMITS,
        pace: { idleTimeoutMs: 300 },
      },
    );
    expect(zipStreamsInFlight(companyOf.large)).toBe(1);
    const reader = zip.body.getReader();
    expect((await reader.read()).done).toBe(false); // one chunk, then nothing
    await sleep(700);
    expect(zipStreamsInFlight(companyOf.large)).toBe(0);
    expect(zipStreamsInFlight()).toBe(before);
    await expect(reader.read()).rejects.toThrow(/idle/);
    spy.mockRestore();
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.filter((o) => !o.destroyed && !o.readableEnded)).toEqual([]);
  });

  it("never cuts a reader that keeps reading, however long the whole ZIP takes", async () => {
    const visitor = randomUUID();
    const zip = await openDownloadAll(gallery.a, visitor, issueTicket(gallery.a, visitor), null, visitor, {
      ...DOWNLOAD_ALL_LIMITS,
      pace: { idleTimeoutMs: 300 },
    });
    const reader = zip.body.getReader();
    const chunks: Uint8Array[] = [];
    const started = Date.now();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
      await sleep(200); // slow, but never idle for the timeout
    }
    expect(Date.now() - started).toBeGreaterThan(300);
    expect(readZip(Buffer.concat(chunks))).toHaveLength(8);
    expect(zipStreamsInFlight(companyOf.a)).toBe(0);
  });

  it("keeps slots for other companies while one company's fans hold all of theirs", async () => {
    const held: Response[] = [];
    for (let i = 0; i < MAX_ZIP_STREAMS_PER_COMPANY; i++) {
      const visitor = randomUUID();
      const res = await fetchZip(gallery.a, await grant(gallery.a, visitor), visitor);
      expect(res.status).toBe(200);
      held.push(res); // opened, never read: a slow reader
    }
    expect(zipStreamsInFlight(companyOf.a)).toBe(MAX_ZIP_STREAMS_PER_COMPANY);

    const next = randomUUID();
    const refused = await fetchZip(gallery.a, await grant(gallery.a, next), next);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ messageKey: "engagement.errors.downloadAllBusy" });

    const other = randomUUID();
    const started = await fetchZip(gallery.b, await grant(gallery.b, other), other);
    expect(started.status).toBe(200);
    expect(readZip(Buffer.from(await started.arrayBuffer()))).toHaveLength(8);

    for (const res of held) await res.body?.cancel();
    await sleep(50);
    expect(zipStreamsInFlight(companyOf.a)).toBe(0);
  });

  it(`streams one ticket at most ${TICKET_REDEMPTIONS} times, then refuses in the fan's language`, async () => {
    const visitor = randomUUID();
    const url = await grant(gallery.b, visitor, "fr");
    for (let i = 0; i < TICKET_REDEMPTIONS; i++) {
      const res = await fetchZip(gallery.b, url, visitor, "fr");
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const fourth = await fetchZip(gallery.b, url, visitor, "fr");
    expect(fourth.status).toBe(403);
    expect(await fourth.json()).toMatchObject({
      messageKey: "engagement.errors.downloadAllUsedUp",
      message: fr.engagement.errors.downloadAllUsedUp,
    });
    // Counted once, as before: the retries were one download.
    const rows = await env.db.engagementEvent.count({
      where: { contentId: gallery.b, visitorId: visitor, type: "download" },
    });
    expect(rows).toBe(1);
    // A new tap on "Download all" is a new ticket.
    const again = await fetchZip(gallery.b, await grant(gallery.b, visitor, "fr"), visitor, "fr");
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  it("cuts a reader that reads slowly but steadily, never idle, once its pace falls below the minimum", async () => {
    const visitor = randomUUID();
    const url = await grant(gallery.large, visitor);
    const res = await paced.downloadAll(request(url, visitor, "en"), params(gallery.large));
    expect(res.status).toBe(200);
    expect(zipStreamsInFlight(companyOf.large)).toBe(1);
    const reader = res.body!.getReader();
    let bytes = 0;
    const slowly = async () => {
      // Steadily at 1 MiB/s, whatever the chunks' sizes: a pause of at most a second or so
      // between reads (far inside the 30 s idle timeout), a quarter of the minimum pace.
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        bytes += next.value.length;
        await sleep((next.value.length / 1024 ** 2) * 1000);
      }
    };
    await expect(slowly()).rejects.toThrow(/bytes\/s/);
    expect(bytes).toBeLessThan(4 * 1024 ** 2); // cut long before the end (16 MiB)
    await sleep(50);
    expect(zipStreamsInFlight(companyOf.large)).toBe(0);
  });

  it("lets a reader at full speed take the whole ZIP under the same minimum", async () => {
    const visitor = randomUUID();
    const url = await grant(gallery.b, visitor);
    const res = await paced.downloadAll(request(url, visitor, "en"), params(gallery.b));
    expect(res.status).toBe(200);
    expect(readZip(Buffer.from(await res.arrayBuffer()))).toHaveLength(8);
    expect(zipStreamsInFlight(companyOf.b)).toBe(0);
  });

  it(`gives one address at most ${MAX_ZIP_STREAMS_PER_CLIENT} streams, on any galleries; another address still gets its ZIP`, async () => {
    const address = newAddress();
    const visitor = randomUUID();
    const held: Response[] = [];
    for (const id of [gallery.a, gallery.b]) {
      const res = await fetchZip(id, await grant(id, visitor), visitor, "en", address);
      expect(res.status).toBe(200);
      held.push(res); // opened, never read
    }
    expect(held).toHaveLength(MAX_ZIP_STREAMS_PER_CLIENT);

    // A third company's gallery has free slots of its own: the address's share is what refuses.
    const refused = await fetchZip(
      gallery.large,
      await grant(gallery.large, visitor, "fr"),
      visitor,
      "fr",
      address,
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(await refused.json()).toMatchObject({
      messageKey: "engagement.errors.downloadAllTooMany",
      message: fr.engagement.errors.downloadAllTooMany,
    });
    expect(zipStreamsInFlight(companyOf.large)).toBe(0);

    // Another visitor id from the same address is the same address.
    const sameAddress = randomUUID();
    const again = await fetchZip(
      gallery.large,
      await grant(gallery.large, sameAddress),
      sameAddress,
      "en",
      address,
    );
    expect(again.status).toBe(429);

    const other = randomUUID();
    const started = await fetchZip(
      gallery.large,
      await grant(gallery.large, other),
      other,
      "en",
      newAddress(),
    );
    expect(started.status).toBe(200);
    expect(readZip(Buffer.from(await started.arrayBuffer()))).toHaveLength(2);

    for (const res of held) await res.body?.cancel();
    await sleep(50);
    const after = await fetchZip(gallery.large, await grant(gallery.large, visitor), visitor, "en", address);
    expect(after.status).toBe(200);
    await after.body?.cancel();
  });
});
