/**
 * Outgoing webhooks (issue #38) against a real PostgreSQL and a local HTTP receiver that
 * verifies every request with the `standardwebhooks` library, as an organiser's server would.
 * Time passing is a later clock handed to the worker, never a sleep; a claim's lease is the
 * database's clock, so its lapse is written in SQL (`lapseLeases`).
 */
import { readdir, readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { Webhook } from "standardwebhooks";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { dataDir, env } from "@/lib/core/env";
import { createBoss, ensureQueues } from "@/lib/core/queue/boss";
import { WEBHOOK_SCHEDULE_QUEUE } from "@/lib/core/queue/queues";
import { startWebhookDelivery } from "@/lib/surfaces/workers/webhooks";
import { resolvePublicAddress } from "@/lib/core/http/outbound";
import { newMessageId, recordWebhookEvent, writeWithWebhook } from "@/lib/features/webhooks/outbox";
import { postComment } from "@/lib/features/engagement/post-comment";
import { recordLead } from "@/lib/features/engagement/request-download";
import { setContentStatus } from "@/lib/features/content/save-content";
import { deleteLead } from "@/lib/features/leads/delete-lead";
import {
  attemptDelivery,
  claimDueDeliveries,
  deliverDueWebhooks,
  pruneDeliveryLog,
  signedHeaders,
  webhookDeliverySettings,
  type WebhookDeliverySettings,
} from "@/lib/features/webhooks/deliver";
import {
  createWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTestEvent,
} from "@/lib/features/webhooks/endpoints";
import type { WebhookEventType } from "@/lib/features/webhooks/events";
import { CLAIM_PER_COMPANY, CLAIM_PER_ENDPOINT, DISABLE_AFTER_MS } from "@/lib/features/webhooks/schedule";
import { encryptWebhookSecret, newWebhookSecret } from "@/lib/features/webhooks/secret";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { createContentRow, createTenant, gatedEngagedContent, type Tenant } from "./support/tenants";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}

/** The organiser's server: verifies with the library, answers 204, or 400 when verification fails. */
class Receiver {
  received: Received[] = [];
  secrets = new Map<string, string>();
  server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const secret = this.secrets.get(req.url ?? "");
        let verified = false;
        try {
          if (secret) new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verified = Boolean(secret);
        } catch {
          verified = false;
        }
        this.received.push({ path: req.url ?? "", headers: req.headers, body, verified });
        res.statusCode = verified ? 204 : 400;
        res.end(verified ? undefined : "signature refused");
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  at(pathname: string) {
    return this.received.filter((r) => r.path === pathname);
  }
}

const receiver = new Receiver();
let dns: TestDnsServer;
let settings: WebhookDeliverySettings;
/** Default rules (no loopback exception), the test DNS server. */
let strict: WebhookDeliverySettings;
let pro: Tenant;
let other: Tenant;
let starter: Tenant;

/** An endpoint row pointing at the local receiver, with a secret the receiver knows. */
async function endpointFor(
  tenant: Tenant,
  pathname: string,
  eventTypes: WebhookEventType[] = ["lead.created", "lead.deleted", "comment.created", "content.published"],
  url = `http://127.0.0.1:${receiver.port}${pathname}`,
) {
  const secret = newWebhookSecret();
  const endpoint = await db.webhookEndpoint.create({
    data: { companyId: tenant.id, url, eventTypes, secretEncrypted: "" },
  });
  await db.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { secretEncrypted: encryptWebhookSecret(secret, endpoint.id) },
  });
  receiver.secrets.set(pathname, secret);
  return { ...endpoint, secret };
}

const gatedContent = (tenant: Tenant) => gatedEngagedContent(db, tenant.id);

const fan = (n: number) => ({
  name: `Fan ${n}`,
  email: `fan${n}-${Date.now()}@example.com`,
  consent: true as const,
});
const later = (ms: number) => new Date(Date.now() + ms);

/** The scheduler's claim of one message at `now` (a direct attempt needs one, as the job does). */
async function claimOf(deliveryId: string, now = new Date()) {
  const claim = (await claimDueDeliveries(now)).find((c) => c.deliveryId === deliveryId);
  expect(claim).toBeDefined();
  return claim!;
}

/**
 * Ends the leases of these claimed messages now, as time passing would: a lease is the
 * database's clock (lib/features/webhooks/deliver.ts), so no clock handed to the code can lapse it.
 */
async function lapseLeases(...ids: string[]) {
  await db.$executeRaw`
    UPDATE webhook_delivery SET "nextAttemptAt" = (now() AT TIME ZONE 'UTC') - interval '1 second'
    WHERE id = ANY(${ids}) AND "claimToken" IS NOT NULL`;
}

/** A due outbox row of a test event, written directly (many at once, with chosen due times). */
const dueMessage = (companyId: string, endpointId: string, nextAttemptAt: Date) => ({
  id: newMessageId(),
  companyId,
  endpointId,
  eventType: "webhook.test",
  payload: { type: "webhook.test", timestamp: nextAttemptAt.toISOString(), data: {} },
  nextAttemptAt,
});

beforeAll(async () => {
  dns = await startDnsServer();
  await receiver.start();
  settings = webhookDeliverySettings({
    resolvers: [dns.address],
    allowHttp: true,
    allowAddress: (address) => address === "127.0.0.1",
    timeoutMs: 3_000,
  });
  strict = webhookDeliverySettings({ resolvers: [dns.address], allowHttp: true, timeoutMs: 3_000 });
  pro = await createTenant(db, { plan: "professional" });
  other = await createTenant(db, { plan: "enterprise" });
  starter = await createTenant(db, { plan: "starter" });
});

let boss: PgBoss | undefined;

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
  await receiver.stop();
  await dns?.close();
});

beforeEach(async () => {
  // Each test starts with no endpoint and an empty outbox; the receiver's log is per test.
  await db.webhookEndpoint.deleteMany({});
  receiver.received = [];
});

describe("the outbox is written with the change", () => {
  it("a lead in a transaction that rolls back writes and sends nothing", async () => {
    await endpointFor(pro, "/rollback");
    const content = await gatedContent(pro);
    // A change that fails after its lead and messages are written (the outbox's own transaction).
    await expect(
      writeWithWebhook(
        db,
        pro.id,
        "lead.created",
        (tx) =>
          tx.lead.create({
            data: {
              companyId: pro.id,
              contentId: content.id,
              name: "Fan",
              email: "fan-1@fans.test",
              consent: true,
            },
          }),
        async (tx, lead) => {
          await recordWebhookEvent(tx, pro.id, "lead.created", { id: lead.id }, lead.createdAt);
          expect(await tx.webhookDelivery.count()).toBe(1); // written inside…
          throw new Error("the change fails after the lead");
        },
      ),
    ).rejects.toThrow("the change fails");
    expect(await db.lead.count({ where: { companyId: pro.id } })).toBe(0);
    expect(await db.webhookDelivery.count()).toBe(0); // …and gone with it
    await deliverDueWebhooks({ settings, now: later(60_000) });
    expect(receiver.received).toHaveLength(0);
  });

  it("a committed lead is delivered exactly once, signed, and the receiver verifies it", async () => {
    const endpoint = await endpointFor(pro, "/leads");
    const content = await gatedContent(pro);
    const person = fan(2);
    const { inserted } = await recordLead(content, "visitor-2", person, "en", "qr:abc", {
      withDownload: true,
    });
    expect(inserted).toBe(true);
    // The same form again is no new lead, and no second message.
    await recordLead(content, "visitor-2", person, "en", null, { withDownload: true });
    const [delivery] = await db.webhookDelivery.findMany();
    expect(delivery).toMatchObject({ endpointId: endpoint.id, eventType: "lead.created", status: "pending" });
    expect(delivery!.id).toMatch(/^msg_/);

    expect(await deliverDueWebhooks({ settings })).toMatchObject({ succeeded: 1 });
    // Later runs find nothing left to send.
    await deliverDueWebhooks({ settings, now: later(3_600_000) });
    await deliverDueWebhooks({ settings, now: later(4 * 24 * 3_600_000) });

    const got = receiver.at("/leads");
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);
    expect(got[0]!.headers["webhook-id"]).toBe(delivery!.id);
    expect(got[0]!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(got[0]!.body);
    expect(body).toMatchObject({
      type: "lead.created",
      data: { email: person.email, name: person.name, contentId: content.id, source: "qr:abc", locale: "en" },
    });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lastStatus: 204,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(
      (await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })).lastDurationMs,
    ).toBeGreaterThanOrEqual(0);
  });

  it("a company nobody listens to keeps its fans' lead and comment one statement, with no transaction", async () => {
    const content = await gatedContent(pro); // beforeEach left no endpoint
    // `db` is a lazy proxy (lib/core/db.ts): spy on the one client behind it.
    const client = (globalThis as unknown as { afterglowPrisma: typeof db }).afterglowPrisma;
    const transactions = vi.spyOn(client, "$transaction");
    try {
      expect(
        (await recordLead(content, "visitor-9", fan(9), "pt", null, { withDownload: true })).inserted,
      ).toBe(true);
      await postComment(content.id, "visitor-9", { name: "Ana", text: "Quiet night", rating: 4 });
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
    expect(await db.webhookDelivery.count()).toBe(0);
    expect(await db.comment.count({ where: { contentId: content.id } })).toBe(1);
  });

  it("lead.deleted, comment.created and content.published are written too; unsubscribed types are not", async () => {
    await endpointFor(pro, "/all");
    await endpointFor(pro, "/comments-only", ["comment.created"]);
    const content = await gatedContent(pro);
    await recordLead(content, "visitor-3", fan(3), "pt", null, { withDownload: false });
    const lead = await db.lead.findFirstOrThrow({ where: { companyId: pro.id, contentId: content.id } });
    await deleteLead(pro.as("admin"), lead.id);
    await postComment(content.id, "visitor-3", { name: "Ana", text: "What a night", rating: 5 });
    const draft = await createContentRow(db, pro.id, { kind: "single", status: "draft" });
    await setContentStatus(pro.as("admin"), draft.id, "published");
    // Publishing again what is already published is no new event.
    await setContentStatus(pro.as("admin"), draft.id, "published");

    const rows = await db.webhookDelivery.findMany({ include: { endpoint: { select: { url: true } } } });
    const byPath = (p: string) => rows.filter((r) => r.endpoint.url.endsWith(p)).map((r) => r.eventType);
    // The lead's `lead.created`, not delivered yet, went with the lead (an erasure).
    expect(byPath("/all").sort()).toEqual(["comment.created", "content.published", "lead.deleted"]);
    expect(byPath("/comments-only")).toEqual(["comment.created"]);

    await deliverDueWebhooks({ settings });
    const published = receiver.at("/all").map((r) => JSON.parse(r.body));
    expect(published.find((b) => b.type === "lead.deleted").data).toEqual({
      id: lead.id,
      deletedAt: expect.any(String),
    });
    expect(published.find((b) => b.type === "content.published").data).toMatchObject({
      id: draft.id,
      url: expect.stringContaining(`/${pro.slug}/player/${draft.id}`),
    });
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it("another company's endpoints never get this company's events", async () => {
    await endpointFor(pro, "/pro");
    await endpointFor(other, "/other");
    await recordLead(await gatedContent(pro), "visitor-4", fan(4), "pt", null, { withDownload: false });
    await deliverDueWebhooks({ settings });
    expect(receiver.at("/pro")).toHaveLength(1);
    expect(receiver.at("/other")).toHaveLength(0);
    expect(await db.webhookDelivery.count({ where: { companyId: other.id } })).toBe(0);
  });

  it("a plan without webhooks writes nothing, even with an endpoint left from a better plan", async () => {
    await endpointFor(starter, "/starter");
    await recordLead(await gatedContent(starter), "visitor-5", fan(5), "pt", null, { withDownload: false });
    expect(await db.lead.count({ where: { companyId: starter.id } })).toBe(1);
    expect(await db.webhookDelivery.count()).toBe(0);
    await expect(
      createWebhookEndpoint(starter.as("admin"), {
        url: "https://hooks.example.com/x",
        eventTypes: ["lead.created"],
      }),
    ).rejects.toMatchObject({ code: "forbidden", values: expect.objectContaining({ feature: "webhooks" }) });
  });
});

describe("delivery", () => {
  it("a receiver down for a while gets the message when it comes back, with the same webhook-id", async () => {
    await endpointFor(pro, "/down");
    await recordLead(await gatedContent(pro), "visitor-6", fan(6), "pt", null, { withDownload: false });
    const [delivery] = await db.webhookDelivery.findMany();
    await receiver.stop();
    const t1 = new Date();
    expect(await deliverDueWebhooks({ settings, now: t1, random: () => 0 })).toMatchObject({ retrying: 1 });
    let row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } });
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatus: null,
      lastError: "connection_failed",
    });
    expect(row.nextAttemptAt!.getTime() - t1.getTime()).toBe(5_000);
    // Not due yet: nothing is tried.
    expect(await deliverDueWebhooks({ settings, now: new Date(t1.getTime() + 4_000) })).toMatchObject({
      retrying: 0,
      succeeded: 0,
    });
    // Still down at the second attempt; the next is a minute later.
    expect(
      await deliverDueWebhooks({ settings, now: new Date(t1.getTime() + 6_000), random: () => 0 }),
    ).toMatchObject({
      retrying: 1,
    });
    expect(await db.webhookEndpoint.findFirstOrThrow()).toMatchObject({
      consecutiveFailures: 2,
      enabled: true,
    });

    await receiver.start(); // back, on the same port
    expect(await deliverDueWebhooks({ settings, now: new Date(t1.getTime() + 70_000) })).toMatchObject({
      succeeded: 1,
    });
    row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } });
    expect(row).toMatchObject({ status: "succeeded", attempts: 3, lastStatus: 204 });
    expect(receiver.at("/down")).toHaveLength(1);
    expect(receiver.at("/down")[0]).toMatchObject({ verified: true });
    expect(receiver.at("/down")[0]!.headers["webhook-id"]).toBe(delivery!.id);
    // A success resets the endpoint's failure count.
    expect(await db.webhookEndpoint.findFirstOrThrow()).toMatchObject({
      consecutiveFailures: 0,
      failingSince: null,
    });
  });

  it("a lead erased while its receiver is down never reaches it, and no copy of it stays in the log", async () => {
    await endpointFor(pro, "/erasure");
    const person = fan(7);
    await recordLead(await gatedContent(pro), "visitor-7", person, "pt", null, { withDownload: false });
    const lead = await db.lead.findFirstOrThrow({ where: { companyId: pro.id, email: person.email } });
    await receiver.stop();
    const t1 = new Date();
    expect(await deliverDueWebhooks({ settings, now: t1, random: () => 0 })).toMatchObject({ retrying: 1 });
    // The fan asks for erasure; the admin deletes the lead.
    await deleteLead(pro.as("admin"), lead.id);
    await receiver.start();
    await deliverDueWebhooks({ settings, now: new Date(t1.getTime() + 70_000) });
    const bodies = receiver.at("/erasure").map((r) => JSON.parse(r.body) as { type: string; data: unknown });
    expect(bodies.map((b) => b.type)).toEqual(["lead.deleted"]);
    const rows = await db.webhookDelivery.findMany();
    expect(JSON.stringify(rows)).not.toContain(person.email);
  });

  it("a replayed or stale delivery is refused by the receiver (the library's timestamp tolerance)", async () => {
    const endpoint = await endpointFor(pro, "/replay");
    await recordLead(await gatedContent(pro), "visitor-7", fan(7), "pt", null, { withDownload: false });
    await deliverDueWebhooks({ settings });
    const [original] = receiver.at("/replay");
    expect(original!.verified).toBe(true);

    const post = async (headers: Record<string, string>, body: string) =>
      (
        await fetch(`http://127.0.0.1:${receiver.port}/replay`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body,
        })
      ).status;
    const captured = {
      "webhook-id": String(original!.headers["webhook-id"]),
      "webhook-timestamp": String(original!.headers["webhook-timestamp"]),
      "webhook-signature": String(original!.headers["webhook-signature"]),
    };
    // The captured request replayed ten minutes later: refused.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 });
    try {
      expect(await post(captured, original!.body)).toBe(400);
    } finally {
      vi.useRealTimers();
    }
    // A message signed ten minutes ago (held back and sent late): refused.
    const stale = signedHeaders(
      endpoint.secret,
      "msg_stale",
      original!.body,
      new Date(Date.now() - 10 * 60_000),
    );
    expect(await post(stale, original!.body)).toBe(400);
    // A changed body under the captured signature: refused.
    expect(await post(captured, original!.body.replace("Fan 7", "Fan X"))).toBe(400);
    // The same request, in time and untouched, still verifies (the receiver de-duplicates by webhook-id).
    expect(await post(captured, original!.body)).toBe(204);
  });

  it("an endpoint at 127.0.0.1 or a private address, also through DNS, is refused before any connection", async () => {
    await endpointFor(pro, "/loopback");
    dns.set("inside.hooks.test", { A: ["127.0.0.1"] });
    await endpointFor(pro, "/by-name", ["lead.created"], `http://inside.hooks.test:${receiver.port}/by-name`);
    await recordLead(await gatedContent(pro), "visitor-8", fan(8), "pt", null, { withDownload: false });
    expect(await deliverDueWebhooks({ settings: strict })).toMatchObject({ retrying: 2 });
    expect(receiver.received).toHaveLength(0);
    const rows = await db.webhookDelivery.findMany();
    expect(rows.map((r) => r.lastError)).toEqual(["address_refused", "address_refused"]);

    // Private, link-local, unique-local answers, and one private answer among public ones.
    dns.set("ten.hooks.test", { A: ["10.0.0.5"] });
    dns.set("home.hooks.test", { A: ["192.168.1.20"] });
    dns.set("metadata.hooks.test", { A: ["169.254.169.254"] });
    dns.set("ula.hooks.test", { AAAA: ["fd12:3456::1"] });
    dns.set("mixed.hooks.test", { A: ["8.8.8.8", "10.1.1.1"] });
    for (const name of ["ten", "home", "metadata", "ula", "mixed"]) {
      await expect(resolvePublicAddress(`${name}.hooks.test`, strict)).rejects.toMatchObject({
        code: "address_refused",
      });
    }
    await expect(resolvePublicAddress("10.0.0.1", strict)).rejects.toMatchObject({ code: "address_refused" });
    await expect(resolvePublicAddress("[::1]", strict)).rejects.toMatchObject({ code: "address_refused" });
  });

  it("the checked address is the one connected to, and it is checked again at every attempt", async () => {
    // A name only the test DNS server knows: reaching the receiver proves the connection used the
    // address checked here, not a second lookup by the HTTP client.
    dns.set("rebind.hooks.test", { A: ["127.0.0.1"] });
    await endpointFor(pro, "/rebind", ["lead.created"], `http://rebind.hooks.test:${receiver.port}/rebind`);
    const content = await gatedContent(pro);
    await recordLead(content, "visitor-9", fan(9), "pt", null, { withDownload: false });
    expect(await deliverDueWebhooks({ settings })).toMatchObject({ succeeded: 1 });
    expect(receiver.at("/rebind")[0]!.headers.host).toBe(`rebind.hooks.test:${receiver.port}`);
    // The name now points inside: the next message is refused, without a connection.
    dns.set("rebind.hooks.test", { A: ["10.9.9.9"] });
    await recordLead(content, "visitor-9", fan(10), "pt", null, { withDownload: false });
    expect(await deliverDueWebhooks({ settings })).toMatchObject({ retrying: 1 });
    expect(receiver.at("/rebind")).toHaveLength(1);
  });

  it("https only unless allowed; redirects are not followed", async () => {
    await endpointFor(pro, "/plain");
    await recordLead(await gatedContent(pro), "visitor-11", fan(11), "pt", null, { withDownload: false });
    const [delivery] = await db.webhookDelivery.findMany();
    expect(
      await attemptDelivery(await claimOf(delivery!.id), { settings: { ...settings, allowHttp: false } }),
    ).toBe("retrying");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })).toMatchObject({
      lastError: "bad_url",
    });
    expect(receiver.received).toHaveLength(0);

    const redirecting = createServer((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${receiver.port}/plain` }).end("moved");
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const port = (redirecting.address() as AddressInfo).port;
      await db.webhookEndpoint.updateMany({ data: { url: `http://127.0.0.1:${port}/plain` } });
      const retry = later(60_000); // past the first retry's 5 s
      expect(await attemptDelivery(await claimOf(delivery!.id, retry), { settings, now: retry })).toBe(
        "retrying",
      );
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })).toMatchObject({
        lastStatus: 307,
        lastError: "http_status",
        responseExcerpt: "moved",
      });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it("a large answer is read only up to the cap, and a slow one is cut at the timeout", async () => {
    const big = createServer((req, res) => {
      if (req.url === "/slow") return void setTimeout(() => res.end("late"), 5_000);
      res.writeHead(200);
      res.end("x".repeat(1024 * 1024));
    });
    await new Promise<void>((resolve) => big.listen(0, "127.0.0.1", resolve));
    try {
      const port = (big.address() as AddressInfo).port;
      await endpointFor(pro, "/big", ["lead.created"], `http://127.0.0.1:${port}/big`);
      await endpointFor(pro, "/slow", ["lead.created"], `http://127.0.0.1:${port}/slow`);
      await recordLead(await gatedContent(pro), "visitor-12", fan(12), "pt", null, { withDownload: false });
      await deliverDueWebhooks({ settings: { ...settings, timeoutMs: 1_000 } });
      const rows = await db.webhookDelivery.findMany({ include: { endpoint: { select: { url: true } } } });
      const bigRow = rows.find((r) => r.endpoint.url.endsWith("/big"))!;
      const slowRow = rows.find((r) => r.endpoint.url.endsWith("/slow"))!;
      expect(bigRow).toMatchObject({ status: "succeeded", lastStatus: 200 });
      expect(bigRow.responseExcerpt).toHaveLength(500);
      expect(slowRow).toMatchObject({ status: "pending", lastError: "timeout", lastStatus: null });
    } finally {
      big.closeAllConnections();
      await new Promise<void>((resolve) => big.close(() => resolve()));
    }
  });

  it("an endpoint failing for three days is turned off and its admins are e-mailed", async () => {
    const endpoint = await endpointFor(pro, "/dead");
    const admin = `admin-${Date.now()}@example.com`;
    await db.user.create({
      data: {
        id: `u-${Date.now()}`,
        name: "Admin",
        email: admin,
        profile: { create: { displayName: "Admin", companyId: pro.id, role: "admin", locale: "en" } },
      },
    });
    await receiver.stop();
    try {
      await recordLead(await gatedContent(pro), "visitor-13", fan(13), "pt", null, { withDownload: false });
      const now = new Date();
      await db.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { consecutiveFailures: 9, failingSince: new Date(now.getTime() - DISABLE_AFTER_MS) },
      });
      await deliverDueWebhooks({ settings, now });
      expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
        enabled: false,
        disabledReason: "failures",
        consecutiveFailures: 10,
      });
      // A disabled endpoint gets no new messages; the pending one fails at its next turn.
      await recordLead(await gatedContent(pro), "visitor-13", fan(14), "pt", null, { withDownload: false });
      expect(await db.webhookDelivery.count()).toBe(1);
      await deliverDueWebhooks({ settings, now: later(3_600_000) });
      expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({
        status: "failed",
        lastError: "endpoint_disabled",
      });

      const dir = path.join(dataDir, "mail");
      const mails = [];
      for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"))) {
        const parsed = await simpleParser(await readFile(path.join(dir, file)));
        const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
        if (to === admin) mails.push(parsed);
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Webhook to 127.0.0.1:" + receiver.port + " turned off");
      expect(mails[0]!.text).toContain("/admin/settings/integrations");
    } finally {
      await receiver.start();
    }
  });
});

describe("claims", () => {
  it("a worker whose clock runs ten minutes ahead of the database still delivers a fresh claim", async () => {
    await endpointFor(pro, "/skewed");
    await recordLead(await gatedContent(pro), "visitor-24", fan(24), "pt", null, { withDownload: false });
    const [delivery] = await db.webhookDelivery.findMany();
    const claim = await claimOf(delivery!.id);
    // The worker host's clock (its default `now`, and the signature's timestamp, which the
    // in-process receiver reads with the same clock) is past the lease: only the database's
    // clock may decide that a lease has lapsed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 });
    try {
      expect(await attemptDelivery(claim, { settings })).toBe("succeeded");
    } finally {
      vi.useRealTimers();
    }
    expect(receiver.at("/skewed")).toHaveLength(1);
  });

  it("a claim whose lease lapsed is void: claimed again past the lease, the message is sent once", async () => {
    await endpointFor(pro, "/lease");
    await recordLead(await gatedContent(pro), "visitor-20", fan(20), "pt", null, { withDownload: false });
    const [delivery] = await db.webhookDelivery.findMany();
    const t0 = new Date();
    const first = await claimOf(delivery!.id, t0);
    // Within the lease nobody claims it again.
    expect(await claimDueDeliveries(new Date(t0.getTime() + 60_000))).toEqual([]);
    // The first claim's attempt is stuck (its job waits, or its worker hangs): past the lease
    // the message is claimed again.
    await lapseLeases(delivery!.id);
    const t1 = new Date(t0.getTime() + 3 * 60_000);
    const second = await claimOf(delivery!.id, t1);
    expect(second.claimToken).not.toBe(first.claimToken);
    // The lapsed claim's attempt runs at last: the token changed, it sends nothing.
    expect(await attemptDelivery(first, { settings, now: t1 })).toBe("skipped");
    expect(receiver.at("/lease")).toHaveLength(0);
    // Then both claims' attempts at once, the new claim's job twice (a duplicated job).
    const outcomes = await Promise.all([
      attemptDelivery(second, { settings, now: t1 }),
      attemptDelivery(first, { settings, now: t1 }),
      attemptDelivery(second, { settings, now: t1 }),
    ]);
    expect(outcomes.sort()).toEqual(["skipped", "skipped", "succeeded"]);
    expect(receiver.at("/lease")).toHaveLength(1);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })).toMatchObject({
      status: "succeeded",
      attempts: 1,
      claimToken: null,
    });
    // The lapsed claim's attempt, run later still, changes nothing.
    expect(await attemptDelivery(first, { settings, now: later(10 * 60_000) })).toBe("skipped");
    expect(receiver.at("/lease")).toHaveLength(1);
  });

  it('an attempt overtaken by "send again" records nothing over it, and the message goes out again', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seen = 0;
    const slow = createServer((req, res) => {
      seen += 1;
      req.resume();
      void held.then(() => res.writeHead(500).end("busy"));
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const port = (slow.address() as AddressInfo).port;
      const endpoint = await endpointFor(pro, "/held", ["lead.created"], `http://127.0.0.1:${port}/held`);
      await recordLead(await gatedContent(pro), "visitor-21", fan(21), "pt", null, { withDownload: false });
      const [delivery] = await db.webhookDelivery.findMany();
      const running = attemptDelivery(await claimOf(delivery!.id), { settings });
      await expect.poll(() => seen, { timeout: 5_000, interval: 20 }).toBe(1); // the request is out
      await resendWebhookDelivery(pro.as("admin"), delivery!.id);
      release(); // the receiver answers 500 now: a failure nobody may record over "send again"
      expect(await running).toBe("skipped");
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })).toMatchObject({
        status: "pending",
        attempts: 0,
        lastStatus: null,
        lastError: null,
        claimToken: null,
      });
      expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
        consecutiveFailures: 0,
      });
      // The next run claims and sends it (to the receiver, now answering).
      await db.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { url: `http://127.0.0.1:${receiver.port}/held` },
      });
      expect(await deliverDueWebhooks({ settings })).toMatchObject({ succeeded: 1 });
      expect(receiver.at("/held")).toHaveLength(1);
      expect(receiver.at("/held")[0]!.headers["webhook-id"]).toBe(delivery!.id);
    } finally {
      release();
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it("one endpoint's backlog of 300 does not hold back another company's message", async () => {
    const busy = await endpointFor(pro, "/backlog");
    const quiet = await endpointFor(other, "/quiet");
    const t0 = new Date();
    // 300 due messages of one endpoint, every one older than the other endpoint's only message.
    await db.webhookDelivery.createMany({
      data: Array.from({ length: 300 }, (_, i) =>
        dueMessage(pro.id, busy.id, new Date(t0.getTime() - 3_600_000 + i)),
      ),
    });
    const lone = await db.webhookDelivery.create({ data: dueMessage(other.id, quiet.id, t0) });

    const ids = (await claimDueDeliveries(t0)).map((c) => c.deliveryId);
    expect(ids).toContain(lone.id);
    // Queued among the first turns: every endpoint's first message before anyone's second.
    expect(ids.indexOf(lone.id)).toBeLessThan(2);
    expect(ids).toHaveLength(CLAIM_PER_ENDPOINT + 1);
    // While the busy endpoint's messages are out, it gets no more…
    expect(await claimDueDeliveries(t0)).toEqual([]);
    // …and once they are settled, its next ones.
    await db.webhookDelivery.updateMany({
      where: { id: { in: ids } },
      data: { status: "succeeded", nextAttemptAt: null, claimToken: null },
    });
    const next = await claimDueDeliveries(t0);
    expect(next).toHaveLength(CLAIM_PER_ENDPOINT);
    expect(next.map((c) => c.deliveryId)).not.toContain(lone.id);
  });
});

describe("claims against a company whose endpoints hang", () => {
  it("a lapsed claim's job sends nothing even before the message is claimed again", async () => {
    await endpointFor(pro, "/lapsed");
    await recordLead(await gatedContent(pro), "visitor-22", fan(22), "pt", null, { withDownload: false });
    const [delivery] = await db.webhookDelivery.findMany();
    const claim = await claimOf(delivery!.id);
    // Its job waited past the lease behind other work: void, the message waits for its next turn.
    await lapseLeases(delivery!.id);
    expect(await attemptDelivery(claim, { settings })).toBe("skipped");
    expect(receiver.at("/lapsed")).toHaveLength(0);
    const again = await claimOf(delivery!.id);
    expect(await attemptDelivery(again, { settings })).toBe("succeeded");
    expect(receiver.at("/lapsed")).toHaveLength(1);
  });

  it("one company's ten endpoints hold at most ten messages out; another company's goes first", async () => {
    const t0 = new Date();
    const endpoints = await Promise.all(Array.from({ length: 3 }, (_, i) => endpointFor(pro, `/many-${i}`)));
    const quiet = await endpointFor(other, "/other-company");
    await db.webhookDelivery.createMany({
      data: endpoints.flatMap((e, i) =>
        Array.from({ length: 10 }, (_, j) =>
          dueMessage(pro.id, e.id, new Date(t0.getTime() - 60_000 + i * 10 + j)),
        ),
      ),
    });
    const lone = await db.webhookDelivery.create({ data: dueMessage(other.id, quiet.id, t0) });
    const first = (await claimDueDeliveries(t0)).map((c) => c.deliveryId);
    expect(first).toContain(lone.id);
    expect(first).toHaveLength(CLAIM_PER_COMPANY + 1);
    // Every endpoint of the busy company had its first message among them (turns before time).
    const claimed = await db.webhookDelivery.findMany({
      where: { id: { in: first } },
      select: { endpointId: true },
    });
    expect(new Set(claimed.map((c) => c.endpointId))).toEqual(
      new Set([...endpoints.map((e) => e.id), quiet.id]),
    );
    // While those ten are out the company gets nothing more; once their leases lapse, ten again.
    expect(await claimDueDeliveries(t0)).toEqual([]);
    await lapseLeases(...first);
    expect(await claimDueDeliveries(t0)).toHaveLength(CLAIM_PER_COMPANY + 1);
  });
});

describe("the job queue", () => {
  it("the minutely schedule claims the due message and the delivery job sends it", async () => {
    await endpointFor(pro, "/queued");
    await recordLead(await gatedContent(pro), "visitor-15", fan(15), "pt", null, { withDownload: false });
    boss = createBoss(env.DATABASE_URL!, { max: 2 });
    await boss.start();
    await ensureQueues(boss);
    const jobs = await startWebhookDelivery(boss, { cron: null, settings, pollingIntervalSeconds: 0.5 });
    await boss.send(WEBHOOK_SCHEDULE_QUEUE, {});
    await expect.poll(() => receiver.at("/queued").length, { timeout: 30_000, interval: 250 }).toBe(1);
    await expect
      .poll(async () => (await db.webhookDelivery.findFirstOrThrow()).status, { timeout: 10_000 })
      .toBe("succeeded");
    expect(receiver.at("/queued")[0]!.verified).toBe(true);
    await jobs.stop();
  });

  it("an endpoint that hangs holds one attempt's slot: another company's message goes out meanwhile", async () => {
    // Accepts every request and never answers (a tarpit, on purpose or a dropped firewall rule).
    let open = 0;
    const hang = createServer((req, res) => {
      open += 1;
      req.resume();
      // Until the client gives up (a request's own "close" comes once its body is read).
      res.on("close", () => (open -= 1));
    });
    await new Promise<void>((resolve) => hang.listen(0, "127.0.0.1", resolve));
    try {
      const port = (hang.address() as AddressInfo).port;
      const stuck = await endpointFor(pro, "/tarpit", ["lead.created"], `http://127.0.0.1:${port}/tarpit`);
      await endpointFor(other, "/beside-tarpit", ["lead.created"]);
      await db.webhookDelivery.create({ data: dueMessage(pro.id, stuck.id, new Date(Date.now() - 1_000)) });
      boss ??= createBoss(env.DATABASE_URL!, { max: 2 });
      await boss.start().catch(() => undefined); // started by the test above when it ran
      await ensureQueues(boss);
      const jobs = await startWebhookDelivery(boss, { cron: null, settings, pollingIntervalSeconds: 0.5 });
      try {
        // The tarpit's attempt is out first and alone, holding its slot for the 3 s timeout…
        await boss.send(WEBHOOK_SCHEDULE_QUEUE, {});
        await expect.poll(() => open, { timeout: 30_000, interval: 20 }).toBe(1);
        // …then another company's message is queued: another slot takes it meanwhile. (Fetched
        // as a batch, it would wait until the whole batch, the tarpit's attempt with it, ended.)
        await recordLead(await gatedContent(other), "visitor-23", fan(23), "pt", null, {
          withDownload: false,
        });
        await boss.send(WEBHOOK_SCHEDULE_QUEUE, {});
        await expect
          .poll(() => receiver.at("/beside-tarpit").length, { timeout: 30_000, interval: 20 })
          .toBe(1);
        expect(open).toBe(1);
      } finally {
        await jobs.stop();
        // The tarpit's attempt is still out: end it and wait for its handler, so its last write
        // does not meet the next test's clean-up (a deadlock on webhook_delivery in CI).
        hang.closeAllConnections();
        await boss.stop({ graceful: true, wait: true });
        boss = undefined;
      }
    } finally {
      hang.closeAllConnections();
      await new Promise<void>((resolve) => hang.close(() => resolve()));
    }
  });

  it("the delivery log keeps settled messages 30 days, pending ones always", async () => {
    await endpointFor(pro, "/prune");
    await recordLead(await gatedContent(pro), "visitor-16", fan(16), "pt", null, { withDownload: false });
    await recordLead(await gatedContent(pro), "visitor-16", fan(17), "pt", null, { withDownload: false });
    const [done, waiting] = await db.webhookDelivery.findMany({ orderBy: { createdAt: "asc" } });
    await db.webhookDelivery.update({
      where: { id: done!.id },
      data: { status: "succeeded", nextAttemptAt: null },
    });
    expect(await pruneDeliveryLog(later(29 * 24 * 3_600_000))).toBe(0);
    expect(await pruneDeliveryLog(later(31 * 24 * 3_600_000))).toBe(1);
    expect((await db.webhookDelivery.findMany()).map((d) => d.id)).toEqual([waiting!.id]);
  });
});

describe("managing endpoints", () => {
  it("creates with the secret shown once, stores it encrypted, rotates, sends a test event and sends again", async () => {
    const created = await createWebhookEndpoint(pro.as("admin"), {
      url: "https://hooks.example.com/in",
      eventTypes: ["lead.created"],
    });
    expect(created.secret).toMatch(/^whsec_/);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));
    const rotated = await rotateWebhookSecret(pro.as("admin"), created.id);
    expect(rotated.secret).not.toBe(created.secret);

    // Managers may not; another company's admin sees no such endpoint.
    await expect(rotateWebhookSecret(pro.as("manager"), created.id)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(rotateWebhookSecret(other.as("admin"), created.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      createWebhookEndpoint(pro.as("admin"), { url: "https://127.0.0.1/x", eventTypes: ["lead.created"] }),
    ).rejects.toMatchObject({ code: "validation" });

    // The test event and "send again" against the local receiver (the endpoint pointed at it).
    const local = await endpointFor(pro, "/test-event", ["lead.created"]);
    const { id } = await sendWebhookTestEvent(pro.as("admin"), local.id);
    await deliverDueWebhooks({ settings });
    expect(JSON.parse(receiver.at("/test-event")[0]!.body)).toMatchObject({ type: "webhook.test" });
    await resendWebhookDelivery(pro.as("admin"), id);
    await expect(resendWebhookDelivery(other.as("admin"), id)).rejects.toMatchObject({ code: "not_found" });
    await deliverDueWebhooks({ settings });
    const got = receiver.at("/test-event");
    expect(got).toHaveLength(2);
    expect(got[1]!.headers["webhook-id"]).toBe(id);
    expect(got.every((r) => r.verified)).toBe(true);
  });

  it("a company has at most 10 endpoints, even created all at once", async () => {
    const create = (n: number) =>
      createWebhookEndpoint(pro.as("admin"), {
        url: `https://hooks.example.com/${n}`,
        eventTypes: ["lead.created"],
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => create(n)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused.map((r) => (r.reason as { messageKey?: string }).messageKey)).toEqual([
      "admin.webhooks.errors.tooMany",
      "admin.webhooks.errors.tooMany",
    ]);
    expect(await db.webhookEndpoint.count({ where: { companyId: pro.id } })).toBe(10);
  });
});
