import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTicket, openDownloadAll, prepareDownloadAll } from "@/lib/features/engagement/download-all";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { readZip } from "../support/zip-reader";
import { A, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

/** "Download all" of a photo gallery: one lead gate, one count, a real streamed ZIP, a cap. */
let env: EngagementTestEnv;
let api: ReturnType<typeof engagementHandlers>;

const OPEN = "c-all-open";
const GATED = "c-all-gated";
const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 50, share: 50, download: 5, view: 50, watchTime: 50 },
  anonPerIp: 15,
};
const bytesOf = (id: string) => Buffer.from(`\xff\xd8\xff fake jpeg of ${id} `.repeat(50), "latin1");

beforeAll(async () => {
  env = await engagementTestEnv();
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
  const gallery = (id: string, requiresLead: boolean, title: string) =>
    env.db.content.create({
      data: {
        id,
        companyId: A,
        title,
        kind: "photo_gallery",
        status: "published",
        requiresLead,
        publishedAt: new Date("2026-07-19T10:00:00Z"),
        events: { create: [{ eventId: "ev-public", position: 9 }] },
      },
    });
  await gallery(OPEN, false, 'Noite / de "Verão"');
  await gallery(GATED, true, "Backstage");
  const photo = async (
    id: string,
    contentId: string,
    position: number,
    originalName: string,
    extra: { kind?: "photo" | "audio"; state?: "ready" | "processing" } = {},
  ) => {
    const storageKey = `companies/${A}/media/${id}/original`;
    await env.store.put(storageKey, bytesOf(id), "image/jpeg");
    await env.db.mediaFile.create({
      data: {
        id,
        companyId: A,
        contentId,
        kind: extra.kind ?? "photo",
        storageKey,
        // Nothing personal to remove: the fans' copy is the original (download-metadata.test.ts has real photos).
        downloadKey: storageKey,
        originalName,
        mimeType: extra.kind === "audio" ? "audio/mpeg" : "image/jpeg",
        sizeBytes: BigInt(bytesOf(id).length),
        state: extra.state ?? "ready",
        position,
      },
    });
  };
  await photo("m-all-1", OPEN, 0, "../../etc/IMG_1.jpg");
  await photo("m-all-2", OPEN, 1, "img_1.JPG");
  await photo("m-all-3", OPEN, 2, "crowd.jpeg");
  await photo("m-all-busy", OPEN, 3, "busy.jpg", { state: "processing" });
  await photo("m-all-track", OPEN, 4, "track.mp3", { kind: "audio" });
  await photo("m-all-g1", GATED, 0, "stage.jpg");
});
afterAll(() => env?.close());

const params = (id: string) => ({ params: Promise.resolve({ id }) });
function request(path: string, visitor: string, body?: unknown): Request {
  return new Request(`http://app.test${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      host: "app.test",
      cookie: `NEXT_LOCALE=en; ag_vid=${signedVisitorId(visitor)}; ag_src=ch:whatsapp`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const downloads = (contentId: string) =>
  env.db.engagementEvent.findMany({
    where: { contentId, type: "download" },
    select: { visitorId: true, source: true },
  });

describe("download all", () => {
  it("streams a valid ZIP of the ready photos, with safe, unique names, counted once with the source", async () => {
    const visitor = randomUUID();
    const ticket = await api.prepareDownloadAll(
      request(`/api/content/${OPEN}/download-all`, visitor, {}),
      params(OPEN),
    );
    expect(ticket.status).toBe(200);
    const granted = (await ticket.json()) as { url: string; fileName: string; ticket: string };
    expect(granted.url).toMatch(
      new RegExp(`^/api/content/${OPEN}/download-all\\?t=${granted.ticket}\\.\\d+\\.[\\w-]{22}$`),
    );
    expect(granted.fileName).toBe("Noite  de Verão.zip");
    expect(await downloads(OPEN)).toEqual([]);

    const res = await api.downloadAll(request(granted.url, visitor), params(OPEN));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Noite  de Ver_o.zip"; filename*=UTF-8''Noite%20%20de%20Ver%C3%A3o.zip`,
    );
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(["IMG_1.jpg", "img_1 (2).jpg", "crowd.jpg"]);
    expect(entries.map((e) => e.method)).toEqual([0, 0, 0]);
    expect(entries[2]!.data.equals(bytesOf("m-all-3"))).toBe(true);
    // The page learns that the ZIP started from this cookie (the download itself is the browser's).
    expect(res.headers.get("set-cookie")).toBe(`ag_zip=${granted.ticket}; Path=/; Max-Age=120; SameSite=Lax`);
    expect(await downloads(OPEN)).toEqual([{ visitorId: visitor, source: "ch:whatsapp" }]);
  });

  it("is behind the same lead gate as a single download; the lead is recorded once, the download when fetched", async () => {
    const visitor = randomUUID();
    const direct = await api.downloadAll(
      request(`/api/content/${GATED}/download-all`, visitor),
      params(GATED),
    );
    // Without the POST's ticket (its proof that the gate passed) the GET streams nothing.
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ messageKey: "engagement.errors.downloadAllExpired" });
    const asked = await api.prepareDownloadAll(
      request(`/api/content/${GATED}/download-all`, visitor, {}),
      params(GATED),
    );
    expect(asked.status).toBe(403);
    const invalid = await api.prepareDownloadAll(
      request(`/api/content/${GATED}/download-all`, visitor, { lead: { name: "A", email: "x" } }),
      params(GATED),
    );
    expect(invalid.status).toBe(422);
    expect(await env.db.lead.count({ where: { contentId: GATED } })).toBe(0);

    const lead = { name: "Ana Fan", email: `ana-${visitor}@example.com`, consent: true };
    const sent = await api.prepareDownloadAll(
      request(`/api/content/${GATED}/download-all`, visitor, { lead }),
      params(GATED),
    );
    expect(sent.status).toBe(200);
    expect(
      await env.db.lead.findMany({ where: { contentId: GATED }, select: { visitorId: true, source: true } }),
    ).toEqual([{ visitorId: visitor, source: "ch:whatsapp" }]);
    expect(await downloads(GATED)).toEqual([]);
    const { url } = (await sent.json()) as { url: string };
    const zip = await api.downloadAll(request(url, visitor), params(GATED));
    expect(zip.status).toBe(200);
    expect(readZip(Buffer.from(await zip.arrayBuffer())).map((e) => e.name)).toEqual(["stage.jpg"]);
    expect(await downloads(GATED)).toHaveLength(1);
    expect(await env.db.engagementEvent.count({ where: { contentId: GATED, type: "lead" } })).toBe(1);
  });

  it("lets a returning fan on a new device through with the e-mail already on file", async () => {
    const lead = { name: "Rui Fan", email: `rui-${randomUUID()}@example.com`, consent: true };
    const first = randomUUID();
    await api.prepareDownloadAll(
      request(`/api/content/${GATED}/download-all`, first, { lead }),
      params(GATED),
    );
    // Another phone: the same form matches the lead on file (nothing new is stored for it).
    const phone = randomUUID();
    const sent = await api.prepareDownloadAll(
      request(`/api/content/${GATED}/download-all`, phone, { lead }),
      params(GATED),
    );
    expect(sent.status).toBe(200);
    const { url } = (await sent.json()) as { url: string };
    const zip = await api.downloadAll(request(url, phone), params(GATED));
    expect(zip.status).toBe(200);
    expect(readZip(Buffer.from(await zip.arrayBuffer())).map((e) => e.name)).toEqual(["stage.jpg"]);
    expect(await env.db.lead.count({ where: { contentId: GATED, email: lead.email } })).toBe(1);
  });

  it("refuses a gallery over the cap with a clear message, before counting anything", async () => {
    const visitor = randomUUID();
    await expect(
      prepareDownloadAll(OPEN, visitor, {}, "en", null, { maxFiles: 2, maxBytes: 10 ** 9 }),
    ).rejects.toMatchObject({ messageKey: "engagement.errors.downloadAllTooLarge" });
    const ticket = issueTicket(OPEN, visitor);
    await expect(
      openDownloadAll(OPEN, visitor, ticket, null, "client-key", { maxFiles: 10, maxBytes: 100 }),
    ).rejects.toMatchObject({
      messageKey: "engagement.errors.downloadAllTooLarge",
    });
    expect((await downloads(OPEN)).filter((d) => d.visitorId === visitor)).toEqual([]);
  });

  it("is only for photo galleries that fans may see, and rate-limited like downloads", async () => {
    const visitor = randomUUID();
    for (const id of ["c-single", "c-draft", "c-missing", "c-other-gated"]) {
      const res = await api.downloadAll(request(`/api/content/${id}/download-all`, visitor), params(id));
      expect(res.status, id).toBe(id === "c-other-gated" ? 403 : 404);
    }
    // The fifth request of the minute still passes (limit 5), the sixth does not.
    const granted = `/api/content/${OPEN}/download-all?t=${issueTicket(OPEN, visitor)}`;
    const fifth = await api.downloadAll(request(granted, visitor), params(OPEN));
    expect(fifth.status).toBe(200);
    await fifth.arrayBuffer();
    const limited = await api.downloadAll(request(granted, visitor), params(OPEN));
    expect(limited.status).toBe(429);
  });

  it("counts once per grant: a retried or simultaneous GET of one ticket streams again without counting", async () => {
    const visitor = randomUUID();
    const grant = async () => {
      const res = await api.prepareDownloadAll(
        request(`/api/content/${OPEN}/download-all`, visitor, {}),
        params(OPEN),
      );
      return ((await res.json()) as { url: string }).url;
    };
    const first = await grant();
    // Two GETs at once (a browser retrying, a download manager resuming): the limit is 5 a minute.
    const fetches = await Promise.all(
      [first, first].map((url) => api.downloadAll(request(url, visitor), params(OPEN))),
    );
    for (const res of fetches) {
      expect(res.status).toBe(200);
      expect(readZip(Buffer.from(await res.arrayBuffer())).map((e) => e.name)).toHaveLength(3);
    }
    const mine = async () => (await downloads(OPEN)).filter((d) => d.visitorId === visitor);
    expect(await mine()).toHaveLength(1);
    // A new grant (the fan taps "Download all" again) is a new download.
    const second = await api.downloadAll(request(await grant(), visitor), params(OPEN));
    expect(second.status).toBe(200);
    await second.arrayBuffer();
    expect(await mine()).toHaveLength(2);
  });

  it("refuses a GET without a valid ticket of this gallery and visitor, counting nothing", async () => {
    const visitor = randomUUID();
    const other = randomUUID();
    const now = Date.now();
    const ticket = issueTicket(OPEN, visitor, now);
    const [id, expires, mac] = ticket.split(".") as [string, string, string];
    const refused = [
      undefined,
      issueTicket(OPEN, other, now),
      issueTicket("c-all-gated", visitor, now),
      `${id}.${Number(expires) + 60}.${mac}`,
      issueTicket(OPEN, visitor, now - 11 * 60 * 1000),
    ];
    for (const t of refused) {
      const path = `/api/content/${OPEN}/download-all${t === undefined ? "" : `?t=${encodeURIComponent(t)}`}`;
      const res = await api.downloadAll(request(path, visitor), params(OPEN));
      expect(res.status, t).toBe(403);
      expect(await res.json()).toMatchObject({ messageKey: "engagement.errors.downloadAllExpired" });
    }
    expect((await downloads(OPEN)).filter((d) => d.visitorId === visitor)).toEqual([]);
  });
});
