/**
 * The public API (issue #38): API keys made in Settings → Integrations, and /api/v1 called as
 * Next calls its route handlers, against a real database. Covers what the issue asks of keys —
 * hashed, shown once, scoped, expiring, revocable, per-company — and the API-key side of the
 * tenant matrix: every /api/v1 operation (discovered from the route files) called with another
 * company's key on company A's records is refused or sees nothing, and A's rows stay as they were.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// A low per-address limit, read by lib/core/env when first imported (below).
vi.hoisted(() => {
  process.env.RATE_LIMIT_API_ADDRESS = "30";
});

import { db } from "@/lib/core/db";
import { hashSecretToken } from "@/lib/core/secret-token";
import { changeMemberRole, removeMember } from "@/lib/features/team/manage-members";
import { createApiKey, revokeApiKey } from "@/lib/features/api-keys/keys";
import { API_RATE_LIMIT_PER_MINUTE, API_SCOPES, type ApiScope } from "@/lib/features/api-keys/scopes";
import type { Role } from "@/lib/generated/prisma/enums";
import * as eventsRoute from "@/app/api/v1/events/route";
import * as leadsRoute from "@/app/api/v1/leads/route";
import * as leadRoute from "@/app/api/v1/leads/[id]/route";
import * as commentsRoute from "@/app/api/v1/comments/route";
import * as commentRoute from "@/app/api/v1/comments/[id]/route";
import * as contentRoute from "@/app/api/v1/content/route";
import * as publishRoute from "@/app/api/v1/content/[id]/publish/route";
import * as unpublishRoute from "@/app/api/v1/content/[id]/unpublish/route";
import * as analyticsRoute from "@/app/api/v1/analytics/summary/route";
import * as webhooksRoute from "@/app/api/v1/webhooks/route";
import * as webhookRoute from "@/app/api/v1/webhooks/[id]/route";
import { getAnalyticsOverview } from "@/lib/features/analytics/queries";
import { revalidateTag } from "./support/next-mocks";
import {
  auditRows,
  createContentRow,
  createEventRow,
  createLeadRow,
  createTenant,
  type Tenant,
} from "./support/tenants";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MARK = "ZZA-PRIVATE";

let hookOfA: { id: string };
let a: Tenant;
let b: Tenant;
let starter: Tenant;
const leadIds: string[] = [];
let eventId: string;
/** A's draft gallery in the event (published and unpublished by the tests) and its comments, oldest first. */
let galleryId: string;
let otherContentId: string;
const commentIds: string[] = [];

/** The tenant's members as real users with profiles (an API key names its maker). */
async function realMembers(tenant: Tenant) {
  for (const role of ["admin", "manager"] as Role[]) {
    const m = tenant.as(role);
    await db.user.create({ data: { id: m.userId, name: m.displayName, email: m.email } });
    await db.profile.create({
      data: { userId: m.userId, displayName: m.displayName, role, companyId: tenant.id },
    });
  }
}

async function keyOf(tenant: Tenant, scopes: readonly ApiScope[] = API_SCOPES, lifetime = "90") {
  return (await createApiKey(tenant.as("admin"), { name: "CRM sync", scopes, lifetime })).token;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

function call(
  handler: Handler,
  url: string,
  options: {
    token?: string;
    method?: string;
    params?: Record<string, string>;
    headers?: Record<string, string>;
    /** A JSON body (sent as application/json unless `headers` says otherwise). */
    body?: string;
  } = {},
) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.body !== undefined && !headers.has("content-type"))
    headers.set("content-type", "application/json");
  return handler(
    new Request(`http://localhost:3000/api/v1${url}`, {
      method: options.method ?? "GET",
      headers,
      body: options.body,
    }),
    {
      params: Promise.resolve(options.params ?? {}),
    },
  );
}
const listLeads = (token: string | undefined, query = "") =>
  call(leadsRoute.GET as Handler, `/leads${query}`, { token });
const deleteLead = (token: string, id: string) =>
  call(leadRoute.DELETE as Handler, `/leads/${id}`, { token, method: "DELETE", params: { id } });
const listEvents = (token: string, query = "") =>
  call(eventsRoute.GET as Handler, `/events${query}`, { token });
const listComments = (token: string, query = "") =>
  call(commentsRoute.GET as Handler, `/comments${query}`, { token });
const patchComment = (token: string, id: string, body: string, headers?: Record<string, string>) =>
  call(commentRoute.PATCH as Handler, `/comments/${id}`, {
    token,
    method: "PATCH",
    params: { id },
    body,
    headers,
  });
const deleteComment = (token: string, id: string) =>
  call(commentRoute.DELETE as Handler, `/comments/${id}`, { token, method: "DELETE", params: { id } });
const listContent = (token: string, query = "") =>
  call(contentRoute.GET as Handler, `/content${query}`, { token });
const setStatus = (token: string, id: string, action: "publish" | "unpublish") =>
  call(
    (action === "publish" ? publishRoute.POST : unpublishRoute.POST) as Handler,
    `/content/${id}/${action}`,
    {
      token,
      method: "POST",
      params: { id },
    },
  );
const subscribe = (token: string, body: unknown) =>
  call(webhooksRoute.POST as Handler, "/webhooks", { token, method: "POST", body: JSON.stringify(body) });
const unsubscribe = (token: string, id: string) =>
  call(webhookRoute.DELETE as Handler, `/webhooks/${id}`, { token, method: "DELETE", params: { id } });
const analytics = (token: string, query = "") =>
  call(analyticsRoute.GET as Handler, `/analytics/summary${query}`, { token });

beforeAll(async () => {
  a = await createTenant(db, { plan: "enterprise" });
  b = await createTenant(db, { plan: "enterprise" });
  starter = await createTenant(db, { plan: "starter" });
  for (const t of [a, b, starter]) await realMembers(t);
  eventId = (await createEventRow(db, a.id, `${MARK} Festival`)).id;
  galleryId = (
    await createContentRow(db, a.id, { title: `${MARK} Gallery`, kind: "photo_gallery", eventIds: [eventId] })
  ).id;
  otherContentId = (await createContentRow(db, a.id, { title: `${MARK} Single`, kind: "single" })).id;
  // A's webhook endpoint for `content.published` (never delivered here: the outbox row is what is checked).
  hookOfA = await db.webhookEndpoint.create({
    data: {
      companyId: a.id,
      url: "https://crm.example.com/hooks",
      eventTypes: ["content.published"],
      secretEncrypted: "unused",
    },
  });
});

beforeEach(async () => {
  await db.apiKey.deleteMany({});
  await db.lead.deleteMany({ where: { companyId: a.id } });
  leadIds.length = 0;
  for (const [i, name] of ["Ana", "Bruno", "Carla"].entries()) {
    const lead = await createLeadRow(db, {
      companyId: a.id,
      name: `${MARK} ${name}`,
      email: `${name.toLowerCase()}@example.com`,
      eventId,
      createdAt: new Date(Date.UTC(2026, 6, 10 + i)),
    });
    leadIds.push(lead.id);
  }
  await db.comment.deleteMany({ where: { companyId: a.id } });
  await db.webhookDelivery.deleteMany({});
  await db.content.updateMany({ where: { companyId: a.id }, data: { status: "draft", publishedAt: null } });
  commentIds.length = 0;
  for (const [i, text] of ["Great night", "Loved it", "Spam link"].entries()) {
    const comment = await db.comment.create({
      data: {
        companyId: a.id,
        contentId: i === 1 ? otherContentId : galleryId,
        authorName: i === 0 ? null : `${MARK} Fan ${i}`,
        rating: i === 0 ? 5 : null,
        text: `${MARK} ${text}`,
        hidden: i === 2,
        createdAt: new Date(Date.UTC(2026, 6, 10 + i)),
      },
    });
    commentIds.push(comment.id);
  }
});

describe("API keys", () => {
  it("are shown once and stored only as a hash, with a recognisable prefix", async () => {
    const token = await keyOf(a);
    expect(token).toMatch(/^ag_[A-Za-z0-9_-]{43}$/);
    const row = await db.apiKey.findFirstOrThrow({ where: { companyId: a.id } });
    expect(row.tokenHash).toBe(hashSecretToken(token));
    expect(token.startsWith(row.prefix)).toBe(true);
    expect(row.prefix.length).toBeLessThan(16);
    expect(JSON.stringify(row)).not.toContain(token.slice(12));
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(89 * 86_400_000);
  });

  it("need the Enterprise plan and an admin", async () => {
    await expect(keyOf(starter)).rejects.toMatchObject({
      code: "forbidden",
      messageKey: "plans.errors.feature",
    });
    await expect(
      createApiKey(a.as("manager"), { name: "x", scopes: ["leads:read"], lifetime: "30" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("refuse bad input with the field's message", async () => {
    await expect(createApiKey(a.as("admin"), { name: " ", scopes: [], lifetime: "7" })).rejects.toMatchObject(
      {
        code: "validation",
        fieldErrors: {
          name: "admin.apiKeys.errors.nameRequired",
          scopes: "admin.apiKeys.errors.scopesRequired",
          lifetime: "admin.apiKeys.errors.lifetime",
        },
      },
    );
    await expect(
      createApiKey(a.as("admin"), { name: "x", scopes: ["leads:admin"], lifetime: "30" }),
    ).rejects.toMatchObject({ code: "validation" });
  });

  it("cannot be revoked by another company", async () => {
    await keyOf(a);
    const { id } = await db.apiKey.findFirstOrThrow({ where: { companyId: a.id } });
    await expect(revokeApiKey(b.as("admin"), id)).rejects.toMatchObject({ code: "not_found" });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
  });
});

describe("/api/v1 authentication", () => {
  it("answers 401 in the one error shape without a key, with a challenge", async () => {
    const response = await listLeads(undefined);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      code: "unauthorized",
      messageKey: "api.errors.keyMissing",
      message: expect.stringContaining("Authorization"),
      fieldErrors: {},
    });
  });

  it("refuses unknown, revoked and expired keys, and a key whose maker left", async () => {
    expect((await (await listLeads("ag_notakey")).json()).messageKey).toBe("api.errors.keyInvalid");
    const notOurs = await call(leadsRoute.GET as Handler, "/leads", {
      headers: { authorization: "Basic abc" },
    });
    expect((await notOurs.json()).messageKey).toBe("api.errors.keyInvalid");

    const revoked = await keyOf(a);
    const { id } = await db.apiKey.findFirstOrThrow({ where: { tokenHash: hashSecretToken(revoked) } });
    await revokeApiKey(a.as("admin"), id);
    expect((await (await listLeads(revoked)).json()).messageKey).toBe("api.errors.keyRevoked");

    const expired = await keyOf(a);
    await db.apiKey.update({
      where: { tokenHash: hashSecretToken(expired) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await (await listLeads(expired)).json()).messageKey).toBe("api.errors.keyExpired");

    const left = await keyOf(a);
    await db.profile.update({ where: { userId: a.as("admin").userId }, data: { companyId: null } });
    try {
      const response = await listLeads(left);
      expect(response.status).toBe(401);
      expect((await response.json()).messageKey).toBe("api.errors.keyOwnerLeft");
    } finally {
      await db.profile.update({ where: { userId: a.as("admin").userId }, data: { companyId: a.id } });
    }
  });

  it("stops working while the company is off Enterprise", async () => {
    const token = await keyOf(a);
    await db.company.update({ where: { id: a.id }, data: { plan: "professional" } });
    try {
      const response = await listLeads(token);
      expect(response.status).toBe(403);
      expect((await response.json()).messageKey).toBe("plans.errors.feature");
    } finally {
      await db.company.update({ where: { id: a.id }, data: { plan: "enterprise" } });
    }
  });
});

describe("/api/v1/leads", () => {
  it("pages the company's leads newest first with an opaque cursor, audited as the key's use", async () => {
    const token = await keyOf(a, ["leads:read"]);
    const first = await listLeads(token, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe(String(API_RATE_LIMIT_PER_MINUTE));
    expect(Number(first.headers.get("ratelimit-remaining"))).toBe(API_RATE_LIMIT_PER_MINUTE - 1);
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    const page1 = await first.json();
    expect(page1.data.map((l: { id: string }) => l.id)).toEqual([leadIds[2], leadIds[1]]);
    expect(page1.data[0]).toEqual({
      id: leadIds[2],
      name: `${MARK} Carla`,
      email: "carla@example.com",
      phone: null,
      companyName: null,
      contentId: null,
      eventId,
      consent: true,
      consentAt: "2026-07-12T00:00:00.000Z",
      marketingConsent: false,
      marketingConsentAt: null,
      source: null,
      locale: "pt",
      createdAt: "2026-07-12T00:00:00.000Z",
    });
    const page2 = await (await listLeads(token, `?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2).toEqual({ data: [expect.objectContaining({ id: leadIds[0] })], nextCursor: null });

    const audit = await auditRows(db, a.id);
    expect(audit.at(-1)?.details).toMatchObject({ operation: "list", via: "api", count: 1 });
    expect((await db.apiKey.findFirstOrThrow({ where: { companyId: a.id } })).lastUsedAt).not.toBeNull();
  });

  it("refuses a cursor that is not ours and a page size out of range (422)", async () => {
    const token = await keyOf(a, ["leads:read"]);
    const bad = await listLeads(token, "?cursor=not-a-cursor");
    expect(bad.status).toBe(422);
    expect((await bad.json()).fieldErrors).toEqual({ cursor: "api.errors.cursor" });
    expect((await listLeads(token, "?limit=500")).status).toBe(422);
  });

  it("a read key cannot delete; a write key made by an admin erases the person", async () => {
    const read = await keyOf(a, ["leads:read", "events:read"]);
    const refused = await deleteLead(read, leadIds[0]!);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "forbidden", messageKey: "api.errors.scope" });
    expect(await db.lead.count({ where: { id: leadIds[0] } })).toBe(1);

    const write = await keyOf(a, ["leads:write"]);
    const deleted = await deleteLead(write, leadIds[0]!);
    expect(deleted.status).toBe(204);
    expect(await db.lead.count({ where: { id: leadIds[0] } })).toBe(0);
    expect((await auditRows(db, a.id)).at(-1)?.details).toMatchObject({ operation: "delete", via: "api" });
    expect((await deleteLead(write, leadIds[0]!)).status).toBe(404);
  });

  it("a key does no more than its maker may now: a maker no longer admin reads and deletes nothing", async () => {
    const write = await keyOf(a, ["leads:read", "leads:write"]);
    for (const role of ["manager", "user"] as Role[]) {
      // Straight in the database: the key is refused even if a demotion's revocation were missed.
      await db.profile.update({ where: { userId: a.as("admin").userId }, data: { role } });
      try {
        for (const response of [await deleteLead(write, leadIds[1]!), await listLeads(write)]) {
          expect(response.status, role).toBe(401);
          expect((await response.json()).messageKey).toBe("api.errors.keyOwnerNotAdmin");
        }
        expect(await db.lead.count({ where: { id: leadIds[1] } })).toBe(1);
      } finally {
        await db.profile.update({ where: { userId: a.as("admin").userId }, data: { role: "admin" } });
      }
    }
  });

  it("a maker demoted or removed through Team loses their keys for good", async () => {
    const second = b.as("manager");
    // B's manager made admin, makes a key, is demoted: the key is revoked, and stays so once admin again.
    await changeMemberRole(b.as("admin"), second.userId, "admin");
    const demoted = (
      await createApiKey({ ...second, role: "admin" }, { name: "x", scopes: ["events:read"], lifetime: "30" })
    ).token;
    await changeMemberRole(b.as("admin"), second.userId, "manager");
    await changeMemberRole(b.as("admin"), second.userId, "admin");
    expect((await (await listEvents(demoted)).json()).messageKey).toBe("api.errors.keyRevoked");
    // Removed, then invited back: the old key does not come back to life.
    const removed = (
      await createApiKey({ ...second, role: "admin" }, { name: "y", scopes: ["events:read"], lifetime: "30" })
    ).token;
    await removeMember(b.as("admin"), second.userId);
    await db.profile.update({ where: { userId: second.userId }, data: { companyId: b.id, role: "admin" } });
    expect((await (await listEvents(removed)).json()).messageKey).toBe("api.errors.keyRevoked");
    await db.profile.update({ where: { userId: second.userId }, data: { role: "manager" } });
  });

  it("follows the company's two-factor rule for its admins' keys", async () => {
    const token = await keyOf(a, ["events:read"]);
    await db.company.update({ where: { id: a.id }, data: { twoFactorRequired: "admins" } });
    try {
      const response = await listEvents(token);
      expect(response.status).toBe(403);
      expect((await response.json()).messageKey).toMatch(/twoFactor/);
      await db.user.update({ where: { id: a.as("admin").userId }, data: { twoFactorEnabled: true } });
      expect((await listEvents(token)).status).toBe(200);
    } finally {
      await db.company.update({ where: { id: a.id }, data: { twoFactorRequired: "off" } });
      await db.user.update({ where: { id: a.as("admin").userId }, data: { twoFactorEnabled: false } });
    }
  });

  it("counts made-up keys per client address before looking them up", async () => {
    const from = { "x-forwarded-for": "203.0.113.77" };
    const made = Array.from({ length: 30 }, (_, i) => `ag_${String(i).padStart(43, "x")}`);
    for (const token of made) {
      const response = await call(leadsRoute.GET as Handler, "/leads", { token, headers: from });
      expect(response.status).toBe(401);
    }
    const over = await call(leadsRoute.GET as Handler, "/leads", { token: made[0], headers: from });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    const elsewhere = await call(leadsRoute.GET as Handler, "/leads", {
      token: await keyOf(a, ["leads:read"]),
      headers: { "x-forwarded-for": "198.51.100.4" },
    });
    expect(elsewhere.status).toBe(200);
  });

  it(`answers 429 with Retry-After past ${API_RATE_LIMIT_PER_MINUTE} requests a minute per key`, async () => {
    const token = await keyOf(a, ["events:read"]);
    const other = await keyOf(a, ["events:read"]);
    const statuses: number[] = [];
    for (let i = 0; i < API_RATE_LIMIT_PER_MINUTE; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => listEvents(token, "?limit=1")));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await listEvents(token);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("ratelimit-remaining")).toBe("0");
    expect(await over.json()).toMatchObject({ code: "rate_limited", messageKey: "api.errors.rateLimited" });
    // Per key: the company's other key is not held back.
    expect((await listEvents(other)).status).toBe(200);
  });
});

describe("/api/v1/events", () => {
  it("lists the company's events with their public address", async () => {
    const token = await keyOf(a, ["events:read"]);
    const body = await (await listEvents(token)).json();
    expect(body.data).toEqual([
      expect.objectContaining({ id: eventId, status: "published", url: expect.stringMatching(/\/evento\//) }),
    ]);
    expect((await listLeads(token)).status).toBe(403);
  });
});

describe("/api/v1/comments", () => {
  it("pages the company's comments newest first, hidden ones included, by item and by `hidden`", async () => {
    const token = await keyOf(a, ["comments:read"]);
    const first = await (await listComments(token, "?limit=2")).json();
    expect(first.data.map((c: { id: string }) => c.id)).toEqual([commentIds[2], commentIds[1]]);
    expect(first.data[0]).toEqual({
      id: commentIds[2],
      contentId: galleryId,
      authorName: `${MARK} Fan 2`,
      rating: null,
      text: `${MARK} Spam link`,
      hidden: true,
      createdAt: "2026-07-12T00:00:00.000Z",
    });
    const second = await (await listComments(token, `?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toEqual({ data: [expect.objectContaining({ id: commentIds[0] })], nextCursor: null });

    const ids = async (query: string) =>
      ((await (await listComments(token, query)).json()).data as { id: string }[]).map((c) => c.id);
    expect(await ids(`?contentId=${galleryId}`)).toEqual([commentIds[2], commentIds[0]]);
    expect(await ids("?hidden=true")).toEqual([commentIds[2]]);
    expect(await ids(`?hidden=false&contentId=${galleryId}`)).toEqual([commentIds[0]]);
    const bad = await listComments(token, "?hidden=yes");
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).fieldErrors)).toEqual(["hidden"]);
  });

  it("a read key cannot moderate; a write key hides, shows and deletes, audited, fans' page refreshed", async () => {
    const read = await keyOf(a, ["comments:read"]);
    const refused = await patchComment(read, commentIds[0]!, '{"hidden":true}');
    expect(refused.status).toBe(403);
    expect((await refused.json()).messageKey).toBe("api.errors.scope");
    expect((await deleteComment(read, commentIds[0]!)).status).toBe(403);
    expect(await db.comment.findUniqueOrThrow({ where: { id: commentIds[0] } })).toMatchObject({
      hidden: false,
    });

    const write = await keyOf(a, ["comments:write"]);
    expect((await patchComment(write, commentIds[0]!, '{"hidden":true}')).status).toBe(204);
    expect(await db.comment.findUniqueOrThrow({ where: { id: commentIds[0] } })).toMatchObject({
      hidden: true,
    });
    expect(revalidateTag).toHaveBeenCalledWith(`content:${galleryId}`, { expire: 0 });
    expect((await patchComment(write, commentIds[2]!, '{"hidden":false}')).status).toBe(204);
    expect(await db.comment.findUniqueOrThrow({ where: { id: commentIds[2] } })).toMatchObject({
      hidden: false,
    });
    const audit = (await auditRows(db, a.id, "admin_privileged_action")).filter(
      (r) => r.tableName === "comment",
    );
    expect(audit.map((r) => [r.recordId, (r.details as { operation: string }).operation])).toEqual([
      [commentIds[0], "comment_hidden"],
      [commentIds[2], "comment_shown"],
    ]);
    // Audited as the key's use, not as its maker's own click.
    for (const row of audit) expect(row.details).toMatchObject({ via: "api", apiKeyId: expect.any(String) });

    expect((await deleteComment(write, commentIds[1]!)).status).toBe(204);
    expect(await db.comment.count({ where: { id: commentIds[1] } })).toBe(0);
    expect((await deleteComment(write, commentIds[1]!)).status).toBe(404);
    expect((await patchComment(write, commentIds[1]!, '{"hidden":true}')).status).toBe(404);
  });

  it("reads the body with the app's JSON reader: JSON only, the schema's fields, a size cap", async () => {
    const write = await keyOf(a, ["comments:write"]);
    const id = commentIds[0]!;
    const notJson = await patchComment(write, id, "hidden=true", { "content-type": "text/plain" });
    expect(notJson.status).toBe(422);
    expect((await notJson.json()).messageKey).toBe("api.errors.body");
    const wrongType = await patchComment(write, id, '{"hidden":"yes"}');
    expect(wrongType.status).toBe(422);
    expect(Object.keys((await wrongType.json()).fieldErrors)).toEqual(["hidden"]);
    expect((await patchComment(write, id, '{"hidden":true,"text":"edited"}')).status).toBe(422);
    expect((await patchComment(write, id, "{")).status).toBe(422);
    const huge = await patchComment(write, id, JSON.stringify({ hidden: true, pad: "x".repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect(await db.comment.findUniqueOrThrow({ where: { id } })).toMatchObject({
      hidden: false,
      text: `${MARK} Great night`,
    });
  });
});

describe("/api/v1/content", () => {
  it("lists the company's items with their public address and events", async () => {
    const token = await keyOf(a, ["content:read"]);
    const body = await (await listContent(token)).json();
    expect(body.nextCursor).toBeNull();
    const gallery = body.data.find((c: { id: string }) => c.id === galleryId);
    expect(gallery).toEqual({
      id: galleryId,
      title: `${MARK} Gallery`,
      kind: "photo_gallery",
      status: "draft",
      visibility: "public",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      publishedAt: null,
      url: expect.stringMatching(new RegExp(`/${a.slug}/player/${galleryId}$`)),
      eventIds: [eventId],
    });
    const page1 = await (await listContent(token, "?limit=1")).json();
    const page2 = await (await listContent(token, `?limit=1&cursor=${page1.nextCursor}`)).json();
    expect([...page1.data, ...page2.data].map((c: { id: string }) => c.id).sort()).toEqual(
      [galleryId, otherContentId].sort(),
    );
    expect((await (await listContent(token, "?kind=single")).json()).data).toEqual([
      expect.objectContaining({ id: otherContentId }),
    ]);
    expect((await listContent(token, "?status=live")).status).toBe(422);
  });

  it("a read key cannot publish; a write key publishes (content.published, as the admin's) and unpublishes", async () => {
    const read = await keyOf(a, ["content:read"]);
    expect((await setStatus(read, galleryId, "publish")).status).toBe(403);
    expect((await db.content.findUniqueOrThrow({ where: { id: galleryId } })).status).toBe("draft");

    const write = await keyOf(a, ["content:write"]);
    expect((await setStatus(write, galleryId, "publish")).status).toBe(204);
    const published = await db.content.findUniqueOrThrow({ where: { id: galleryId } });
    expect(published.status).toBe("published");
    expect(published.publishedAt).not.toBeNull();
    const deliveries = await db.webhookDelivery.findMany({ where: { companyId: a.id } });
    expect(deliveries.map((d) => d.eventType)).toEqual(["content.published"]);
    expect((deliveries[0]!.payload as { data: unknown }).data).toMatchObject({
      id: galleryId,
      url: expect.stringContaining(`/${a.slug}/player/${galleryId}`),
    });
    expect(revalidateTag).toHaveBeenCalledWith(`event:${eventId}`, { expire: 0 });
    // Already live: nothing new is sent.
    expect((await setStatus(write, galleryId, "publish")).status).toBe(204);
    expect(await db.webhookDelivery.count({ where: { companyId: a.id } })).toBe(1);

    expect((await setStatus(write, galleryId, "unpublish")).status).toBe(204);
    expect((await db.content.findUniqueOrThrow({ where: { id: galleryId } })).status).toBe("draft");
    expect(await db.webhookDelivery.count({ where: { companyId: a.id } })).toBe(1);
    expect((await setStatus(write, "no-such-item", "publish")).status).toBe(404);

    // Two publishes at once (a retried call, the button and the API): one content.published.
    const both = await Promise.all([
      setStatus(write, galleryId, "publish"),
      setStatus(write, galleryId, "publish"),
    ]);
    expect(both.map((r) => r.status)).toEqual([204, 204]);
    expect(await db.webhookDelivery.count({ where: { companyId: a.id } })).toBe(2);
    await setStatus(write, galleryId, "unpublish");
  });
});

describe("/api/v1/analytics/summary", () => {
  it("answers the analytics page's totals for the range", async () => {
    const token = await keyOf(a, ["analytics:read"]);
    const response = await analytics(token, "?from=2026-07-01&to=2026-07-31");
    expect(response.status).toBe(200);
    const body = await response.json();
    const page = await getAnalyticsOverview(a.id, { from: "2026-07-01", to: "2026-07-31" });
    expect(body).toEqual({
      from: "2026-07-01",
      to: "2026-07-31",
      totals: page.totals,
      uniqueVisitorsExact: page.uniqueVisitorsExact,
      media: page.media,
    });
    expect(body.totals.leads).toBe(3);
    expect((await (await analytics(token, "?from=2026-07-11&to=2026-07-11")).json()).totals.leads).toBe(1);
  });

  it("refuses a range the page refuses, with its message, and a key without the scope", async () => {
    const token = await keyOf(a, ["analytics:read"]);
    const backwards = await analytics(token, "?from=2026-07-31&to=2026-07-01");
    expect(backwards.status).toBe(422);
    expect((await backwards.json()).fieldErrors).toEqual({ from: "admin.analytics.errors.fromAfterTo" });
    const long = await analytics(token, "?from=2020-01-01&to=2026-07-01");
    expect((await long.json()).messageKey).toBe("admin.analytics.errors.tooLong");
    expect((await analytics(token, "?from=2026-13-45")).status).toBe(422);
    expect((await analytics(await keyOf(a, ["leads:read"]))).status).toBe(403);
  });
});

// ── the API-key side of the tenant matrix ──

/** Every operation of the route files under app/api/v1 (the document and reference excluded). */
async function v1Operations(): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(path.join(ROOT, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(`${dir}/${entry.name}`);
      else if (entry.name === "route.ts") {
        const mod = (await import(/* @vite-ignore */ path.join(ROOT, dir, entry.name))) as Record<
          string,
          unknown
        >;
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          if (mod[method]) found.push(`${method} ${dir.replace("app/api/v1", "")}`);
        }
      }
    }
  }
  await walk("app/api/v1");
  return found.filter((op) => !/ \/(openapi\.json|docs)$/.test(op)).sort();
}

/** Company A's record each operation is tried on, as another company's key would. */
const MATRIX: Record<string, (token: string) => Promise<Response>> = {
  "GET /events": (token) => listEvents(token),
  "GET /leads": (token) => listLeads(token, `?eventId=${eventId}`),
  "DELETE /leads/[id]": (token) => deleteLead(token, leadIds[0]!),
  "GET /comments": (token) => listComments(token, `?contentId=${galleryId}`),
  "PATCH /comments/[id]": (token) => patchComment(token, commentIds[0]!, '{"hidden":true}'),
  "DELETE /comments/[id]": (token) => deleteComment(token, commentIds[0]!),
  "GET /content": (token) => listContent(token, `?eventId=${eventId}`),
  "POST /content/[id]/publish": (token) => setStatus(token, galleryId, "publish"),
  "POST /content/[id]/unpublish": (token) => setStatus(token, otherContentId, "unpublish"),
  "GET /analytics/summary": (token) => analytics(token, "?from=2026-07-01&to=2026-07-31"),
  // Subscribing acts on the key's own company (B gets an endpoint; A's stay as they are).
  "POST /webhooks": (token) =>
    subscribe(token, { url: "https://hooks.example.com/theirs", eventTypes: ["lead.created"] }),
  "DELETE /webhooks/[id]": (token) => unsubscribe(token, hookOfA.id),
};
/** Operations that act on the key's own company, not on a record of A's. */
const UNTARGETED = new Set(["POST /webhooks"]);

/** Company A's rows the matrix's operations could reach. */
const rowsOfA = async () => ({
  leads: await db.lead.findMany({ where: { companyId: a.id }, orderBy: { id: "asc" } }),
  comments: await db.comment.findMany({ where: { companyId: a.id }, orderBy: { id: "asc" } }),
  contents: await db.content.findMany({ where: { companyId: a.id }, orderBy: { id: "asc" } }),
  deliveries: await db.webhookDelivery.count({ where: { companyId: a.id } }),
  endpoints: await db.webhookEndpoint.findMany({ where: { companyId: a.id }, orderBy: { id: "asc" } }),
});

describe("/api/v1/webhooks (REST hooks: Zapier, Make)", () => {
  it("subscribes an endpoint with its secret shown once, and unsubscribes it", async () => {
    const token = await keyOf(a, ["webhooks:write", "leads:read"]);
    const url = "https://hooks.zapier.com/hooks/standard/1/abc/";
    const created = await subscribe(token, { url, eventTypes: ["lead.created", "lead.created"] });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toEqual({
      id: expect.any(String),
      url,
      eventTypes: ["lead.created"],
      secret: expect.stringMatching(/^whsec_/),
    });
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({ companyId: a.id, url, eventTypes: ["lead.created"], enabled: true });
    expect(row.secretEncrypted).not.toContain(body.secret.slice(6));

    // A retried subscribe (Zapier after a timeout) takes the same endpoint over: one, a new secret.
    const again = await (await subscribe(token, { url, eventTypes: ["lead.deleted"] })).json();
    expect(again).toMatchObject({ id: body.id, eventTypes: ["lead.deleted"] });
    expect(again.secret).not.toBe(body.secret);
    expect(await db.webhookEndpoint.count({ where: { companyId: a.id, url } })).toBe(1);
    expect((await auditRows(db, a.id, "admin_privileged_action")).at(-1)?.details).toMatchObject({
      operation: "webhook_subscribed",
      via: "api",
    });

    expect((await unsubscribe(token, body.id)).status).toBe(204);
    expect(await db.webhookEndpoint.count({ where: { id: body.id } })).toBe(0);
    expect((await unsubscribe(token, body.id)).status).toBe(404);
  });

  it("needs each event's read scope besides webhooks:write: a subscription is no way around leads:read", async () => {
    const hooksOnly = await keyOf(a, ["webhooks:write", "comments:read"]);
    const url = "https://attacker.example.com/x";
    const refused = await subscribe(hooksOnly, { url, eventTypes: ["comment.created", "lead.created"] });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      messageKey: "api.errors.scope",
      values: { scope: "leads:read" },
    });
    expect(await db.webhookEndpoint.count({ where: { url } })).toBe(0);
    expect((await subscribe(hooksOnly, { url, eventTypes: ["comment.created"] })).status).toBe(201);
  });

  it("refuses an address off the public Internet, a missing event and a key without the scope", async () => {
    const token = await keyOf(a, ["webhooks:write", "leads:read"]);
    const loopback = await subscribe(token, { url: "https://127.0.0.1/hook", eventTypes: ["lead.created"] });
    expect(loopback.status).toBe(422);
    expect((await loopback.json()).fieldErrors).toEqual({ url: "admin.webhooks.errors.url" });
    expect((await subscribe(token, { url: "https://hooks.example.com/x", eventTypes: [] })).status).toBe(422);
    expect(
      (await subscribe(token, { url: "https://hooks.example.com/x", eventTypes: ["lead.sold"] })).status,
    ).toBe(422);
    const reader = await keyOf(a, ["leads:read"]);
    const refused = await subscribe(reader, {
      url: "https://hooks.example.com/x",
      eventTypes: ["lead.created"],
    });
    expect(refused.status).toBe(403);
    expect((await unsubscribe(reader, hookOfA.id)).status).toBe(403);
    expect(await db.webhookEndpoint.count({ where: { id: hookOfA.id } })).toBe(1);
  });
});

describe("the tenant matrix of API keys", () => {
  it("has an entry for every /api/v1 operation", async () => {
    expect(Object.keys(MATRIX).sort()).toEqual(await v1Operations());
  });

  it("another company's key with every scope sees nothing of A and changes nothing", async () => {
    const theirs = await keyOf(b);
    // Unpublishing needs something live to take back.
    await db.content.update({ where: { id: otherContentId }, data: { status: "published" } });
    const before = await rowsOfA();
    for (const [op, run] of Object.entries(MATRIX)) {
      const response = await run(theirs);
      const text = await response.text();
      expect(text, op).not.toContain(MARK);
      expect(text, op).not.toContain(a.id);
      if (UNTARGETED.has(op)) {
        expect(response.status, op).toBe(201);
        continue;
      }
      expect([200, 204, 403, 404], op).toContain(response.status);
      if (response.status === 200) {
        const body = JSON.parse(text);
        // The summary is the key's own company's: B has no lead, view or file.
        if (op === "GET /analytics/summary") expect(Object.values(body.totals), op).toEqual(Array(8).fill(0));
        else expect(body.data, op).toEqual([]);
      }
      if (/^(DELETE|PATCH|POST) /.test(op)) expect(response.status, op).toBe(404);
    }
    expect(await rowsOfA()).toEqual(before);
  });
});
