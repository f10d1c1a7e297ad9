/**
 * `event.published` and `download.created` (issue #38): written to the outbox in the same
 * transaction as the change, once per change, with the documented public shapes. Delivery
 * itself (signing, retries, the address rules) is tests/integration/webhooks.test.ts's.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { createEvent, setEventStatus, updateEvent } from "@/lib/features/events/save-event";
import { storage } from "@/lib/core/storage";
import { openDownloadAll, prepareDownloadAll } from "@/lib/features/engagement/download-all";
import { recordDownload, recordLead } from "@/lib/features/engagement/request-download";
import type { WebhookEventType } from "@/lib/features/webhooks/events";
import { createContentRow, createTenant, gatedEngagedContent, type Tenant } from "./support/tenants";

let pro: Tenant;
let starter: Tenant;

async function listen(tenant: Tenant, eventTypes: WebhookEventType[]) {
  return db.webhookEndpoint.create({
    data: { companyId: tenant.id, url: "https://hooks.example.com/in", eventTypes, secretEncrypted: "x" },
  });
}

const payloads = async (type: WebhookEventType) =>
  (await db.webhookDelivery.findMany({ where: { eventType: type }, orderBy: { createdAt: "asc" } })).map(
    (d) => (d.payload as { data: Record<string, unknown> }).data,
  );

const eventInput = (slug: string, status: "draft" | "published") => ({
  name: "Summer Night",
  slug,
  date: "2026-07-18",
  time: "21:30",
  timeZone: "Europe/Lisbon",
  location: "Lisboa",
  isFree: true,
  status,
  isPublic: true,
});

const gatedContent = (tenant: Tenant) => gatedEngagedContent(db, tenant.id);

beforeAll(async () => {
  pro = await createTenant(db, { plan: "professional" });
  starter = await createTenant(db, { plan: "starter" });
});

beforeEach(async () => {
  await db.webhookEndpoint.deleteMany({});
});

describe("event.published", () => {
  it("is written once when an event goes live: created published, or published from draft", async () => {
    await listen(pro, ["event.published"]);
    const live = await createEvent(pro.as("admin"), eventInput("summer-live", "published"));
    const draft = await createEvent(pro.as("admin"), eventInput("summer-draft", "draft"));
    expect(await payloads("event.published")).toHaveLength(1);

    // A draft saved again as a draft, and a live event saved or published again: nothing new.
    await updateEvent(pro.as("admin"), draft.id, eventInput("summer-draft", "draft"));
    await updateEvent(pro.as("admin"), live.id, {
      ...eventInput("summer-live", "published"),
      name: "Renamed",
    });
    await setEventStatus(pro.as("admin"), live.id, "published");
    expect(await payloads("event.published")).toHaveLength(1);

    // The draft goes live through the form; then cancelled and published again from the list.
    await updateEvent(pro.as("admin"), draft.id, eventInput("summer-draft", "published"));
    await setEventStatus(pro.as("admin"), draft.id, "cancelled");
    await setEventStatus(pro.as("admin"), draft.id, "published");
    const sent = await payloads("event.published");
    expect(sent).toHaveLength(3);
    expect(sent[0]).toEqual({
      id: live.id,
      name: "Summer Night",
      slug: "summer-live",
      startsAt: "2026-07-18T20:30:00.000Z",
      timeZone: "Europe/Lisbon",
      location: "Lisboa",
      visibility: "public",
      url: expect.stringMatching(new RegExp(`/${pro.slug}/evento/summer-live$`)),
    });
    expect(sent.slice(1).map((p) => p.id)).toEqual([draft.id, draft.id]);
  });

  it("two publishes of one draft at once write one message", async () => {
    await listen(pro, ["event.published"]);
    const draft = await createEvent(pro.as("admin"), eventInput("summer-race", "draft"));
    await Promise.all([
      setEventStatus(pro.as("admin"), draft.id, "published"),
      setEventStatus(pro.as("admin"), draft.id, "published"),
      updateEvent(pro.as("admin"), draft.id, eventInput("summer-race", "published")),
    ]);
    expect((await payloads("event.published")).filter((p) => p.id === draft.id)).toHaveLength(1);
  });

  it("a publish that fails writes nothing, and another company's event is not found", async () => {
    await listen(pro, ["event.published"]);
    const theirs = await createEvent(starter.as("admin"), eventInput("theirs", "draft"));
    await expect(setEventStatus(pro.as("admin"), theirs.id, "published")).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await db.event.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ status: "draft" });
    expect(await db.webhookDelivery.count()).toBe(0);
  });
});

describe("download.created", () => {
  it("a download without a form: one message naming the file, with no visitor id or personal data", async () => {
    await listen(pro, ["download.created"]);
    const content = await gatedContent(pro);
    await recordDownload(content, "visitor-1", "ch:whatsapp", "media-1");
    const [sent, ...rest] = await payloads("download.created");
    expect(rest).toHaveLength(0);
    expect(sent).toEqual({
      contentId: content.id,
      eventId: null,
      mediaId: "media-1",
      scope: "file",
      source: "ch:whatsapp",
      downloadedAt: expect.any(String),
    });
    expect(JSON.stringify(sent)).not.toContain("visitor-1");
    const row = await db.engagementEvent.findFirstOrThrow({
      where: { contentId: content.id, type: "download" },
    });
    expect(new Date(sent!.downloadedAt as string).getTime()).toBe(row.createdAt.getTime());
  });

  it("a download with a new lead: lead.created and download.created together; the form again is a download only", async () => {
    await listen(pro, ["lead.created", "download.created"]);
    const content = await gatedContent(pro);
    const person = { name: "Rita", email: `rita-${Date.now()}@example.com`, consent: true as const };
    await recordLead(content, "visitor-2", person, "pt", null, { withDownload: true, mediaId: "media-2" });
    await recordLead(content, "visitor-2", person, "pt", null, { withDownload: true, mediaId: "media-3" });
    // A ZIP's form (no file yet: the ZIP's GET counts the download) is a lead only.
    await recordLead(content, "visitor-3", { ...person, email: `x-${person.email}` }, "pt", null, {
      withDownload: false,
    });
    expect((await payloads("lead.created")).map((p) => p.email)).toEqual([person.email, `x-${person.email}`]);
    expect((await payloads("download.created")).map((p) => p.mediaId)).toEqual(["media-2", "media-3"]);
  });

  it("an endpoint listening to leads only gets no download messages; no listener costs no transaction", async () => {
    await listen(pro, ["lead.created"]);
    const content = await gatedContent(pro);
    await recordDownload(content, "visitor-4", null, "media-4");
    expect(await db.webhookDelivery.count()).toBe(0);

    await db.webhookEndpoint.deleteMany({});
    const client = (globalThis as unknown as { afterglowPrisma: typeof db }).afterglowPrisma;
    const transactions = vi.spyOn(client, "$transaction");
    try {
      await recordDownload(content, "visitor-5", null, "media-5");
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
    expect(await db.engagementEvent.count({ where: { contentId: content.id, type: "download" } })).toBe(2);
  });

  it("a company whose plan has no webhooks writes none", async () => {
    await listen(starter, ["download.created"]);
    await recordDownload(await gatedContent(starter), "visitor-6", null, "media-6");
    expect(await db.webhookDelivery.count()).toBe(0);
  });

  it("a ZIP of the gallery: one message when its ticket is fetched, however often it is fetched", async () => {
    await listen(pro, ["download.created"]);
    const gallery = await createContentRow(db, pro.id, { kind: "photo_gallery", status: "published" });
    const storageKey = `companies/${pro.id}/media/zip-1/original`;
    const bytes = Buffer.from("\xff\xd8\xff a photo ".repeat(40), "latin1");
    await storage.put(storageKey, bytes, "image/jpeg");
    await db.mediaFile.create({
      data: {
        companyId: pro.id,
        contentId: gallery.id,
        kind: "photo",
        storageKey,
        downloadKey: storageKey,
        originalName: "stage.jpg",
        mimeType: "image/jpeg",
        sizeBytes: BigInt(bytes.length),
        state: "ready",
      },
    });
    const granted = await prepareDownloadAll(gallery.id, "visitor-7", {}, "en", "qr:door", undefined, "ip:1");
    expect(await db.webhookDelivery.count()).toBe(0); // the grant is no download yet
    const ticket = new URL(granted.url, "http://app.test").searchParams.get("t");
    for (let i = 0; i < 2; i++) {
      const zip = await openDownloadAll(gallery.id, "visitor-7", ticket, "qr:door", "ip:1");
      await new Response(zip.body).arrayBuffer();
    }
    expect(await payloads("download.created")).toEqual([
      {
        contentId: gallery.id,
        eventId: null,
        mediaId: null,
        scope: "all",
        source: "qr:door",
        downloadedAt: expect.any(String),
      },
    ]);
  });
});

describe("the lead form's news box (marketing consent)", () => {
  it("is stored with its time only when ticked, and lead.created says which", async () => {
    await listen(pro, ["lead.created"]);
    const content = await gatedContent(pro);
    const stamp = Date.now();
    const ticked = {
      name: "Ana",
      email: `news-${stamp}@example.com`,
      consent: true as const,
      marketingConsent: true,
    };
    const unticked = { name: "Rui", email: `quiet-${stamp}@example.com`, consent: true as const };
    await recordLead(content, "visitor-8", ticked, "pt", null, { withDownload: false });
    await recordLead(content, "visitor-9", unticked, "pt", null, { withDownload: false });
    // The same e-mail typed again with the box ticked changes nothing (anyone can type an address).
    await recordLead(content, "visitor-10", { ...unticked, marketingConsent: true }, "pt", null, {
      withDownload: false,
    });
    const rows = await db.lead.findMany({
      where: { contentId: content.id },
      select: { email: true, marketingConsent: true, marketingConsentAt: true, createdAt: true },
      orderBy: { email: "asc" },
    });
    expect(rows.map((r) => [r.email.split("-")[0], r.marketingConsent])).toEqual([
      ["news", true],
      ["quiet", false],
    ]);
    expect(rows[0]!.marketingConsentAt?.getTime()).toBe(rows[0]!.createdAt.getTime());
    expect(rows[1]!.marketingConsentAt).toBeNull();
    expect((await payloads("lead.created")).map((p) => p.marketingConsent)).toEqual([true, false]);
  });
});
