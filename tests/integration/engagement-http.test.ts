import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engagementHandlers } from "@/lib/surfaces/fan-api/http";
import type { EngagementLimits } from "@/lib/platform/visitors/limits";
import { signedVisitorId } from "@/lib/platform/visitors/visitor";
import { C, engagementTestEnv, type EngagementTestEnv } from "./support/engagement";

/** The route handlers as Next.js calls them, on the test database, with tiny limits. */
let env: EngagementTestEnv;
let api: ReturnType<typeof engagementHandlers>;

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 50, comment: 2, share: 50, download: 50, view: 50, watchTime: 50 },
  anonPerIp: 6,
  newVisitorsPerIp: 12,
};

beforeAll(async () => {
  env = await engagementTestEnv();
  api = engagementHandlers({
    limits,
    clientIp: { trustProxy: false, trustedProxies: [] },
    ipSecret: "test-secret",
    secureCookie: false,
  });
});
afterAll(() => env?.close());

const HOST = "app.test";

function request(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    /** A visitor id, sent signed as the server issues it. */
    visitor?: string;
    /** The cookie value exactly as given (forged, bare or taken from a Set-Cookie). */
    cookieValue?: string;
  } = {},
): Request {
  const headers: Record<string, string> = { host: HOST, ...options.headers };
  const cookieValue = options.cookieValue ?? (options.visitor ? signedVisitorId(options.visitor) : undefined);
  if (cookieValue) headers.cookie = `NEXT_LOCALE=en; ag_vid=${cookieValue}`;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
  return new Request(`http://${HOST}${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    body,
    headers,
  });
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe("the visitor cookie", () => {
  it("is set when missing or malformed, and kept when valid", async () => {
    const first = await api.summary(request(`/api/content/${C.open}/engagement`), params(C.open));
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^ag_vid=[0-9a-f-]{36}\.[\w-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    expect(await first.json()).toEqual({ likes: 0, liked: false, comments: 0, leadOnFile: false });

    const visitor = cookie.slice("ag_vid=".length, cookie.indexOf(";"));
    const liked = await api.like(
      request(`/api/content/${C.open}/like`, { method: "POST", cookieValue: visitor }),
      params(C.open),
    );
    expect(liked.status).toBe(200);
    expect(liked.headers.get("set-cookie")).toBeNull();
    expect(await liked.json()).toEqual({ liked: true, likes: 1 });
    const again = await api.summary(
      request(`/api/content/${C.open}/engagement`, { cookieValue: visitor }),
      params(C.open),
    );
    expect(await again.json()).toMatchObject({ likes: 1, liked: true });

    const forged = await api.summary(
      request(`/api/content/${C.open}/engagement`, { cookieValue: "1; DROP TABLE" }),
      params(C.open),
    );
    expect(forged.headers.get("set-cookie")).toMatch(/^ag_vid=[0-9a-f-]{36}\.[\w-]{22};/);
    expect(await forged.json()).toMatchObject({ liked: false });

    // The liker's bare id, without the server's signature, is not the liker (issue #12).
    const bare = visitor.slice(0, visitor.indexOf("."));
    const impostor = await api.summary(
      request(`/api/content/${C.open}/engagement`, { cookieValue: bare }),
      params(C.open),
    );
    expect(impostor.headers.get("set-cookie")).toMatch(/^ag_vid=/);
    expect(impostor.headers.get("set-cookie")).not.toContain(bare);
    expect(await impostor.json()).toMatchObject({ likes: 1, liked: false });
  });

  it("is set on error answers too", async () => {
    const res = await api.summary(request("/api/content/nope/engagement"), params("nope"));
    expect(res.status).toBe(404);
    expect(res.headers.get("set-cookie")).toMatch(/^ag_vid=/);
    // No NEXT_LOCALE cookie: the message is in Portuguese, the default language.
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      code: "not_found",
      messageKey: "engagement.errors.notFound",
      message: "Este conteúdo não está disponível.",
      values: {},
      fieldErrors: {},
    });
  });
});

describe("status codes", () => {
  it("201 for a comment, 200 for its retry, with the comment's public shape", async () => {
    const visitor = randomUUID();
    const requestId = randomUUID();
    const body = { rating: 5, text: "<script>alert(1)</script>Loved it", requestId };
    const created = await api.postComment(
      request(`/api/content/${C.resource}/comments`, { body, visitor }),
      params(C.resource),
    );
    expect(created.status).toBe(201);
    const { comment } = (await created.json()) as { comment: Record<string, unknown> };
    expect(Object.keys(comment).sort()).toEqual(["authorName", "createdAt", "id", "rating", "text"]);
    expect(comment).toMatchObject({ authorName: null, rating: 5, text: "<script>alert(1)</script>Loved it" });
    const retried = await api.postComment(
      request(`/api/content/${C.resource}/comments`, { body, visitor }),
      params(C.resource),
    );
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { comment: { id: string } }).comment.id).toBe(comment.id);

    const list = await api.listComments(
      request(`/api/content/${C.resource}/comments?limit=1&cursor=`),
      params(C.resource),
    );
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ total: 1, nextCursor: null, comments: [{ id: comment.id }] });
  });

  it("403 for another site's origin", async () => {
    const res = await api.like(
      request(`/api/content/${C.open}/like`, { method: "POST", headers: { origin: "https://evil.example" } }),
      params(C.open),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden", messageKey: "engagement.errors.forbidden" });
    const same = await api.like(
      request(`/api/content/${C.open}/like`, { method: "POST", headers: { origin: `http://${HOST}` } }),
      params(C.open),
    );
    expect(same.status).toBe(200);
  });

  it("403 with leadRequired for gated content without a lead, then 200 with one", async () => {
    const visitor = randomUUID();
    const path = `/api/content/${C.gated}/downloads`;
    const refused = await api.download(request(path, { body: {}, visitor }), params(C.gated));
    expect(refused.status).toBe(403);
    // NEXT_LOCALE=en (the visitor's request): the message is in English.
    expect(await refused.json()).toEqual({
      code: "forbidden",
      leadRequired: true,
      messageKey: "engagement.errors.leadRequired",
      message: "Please leave your name and e-mail to download this file.",
      values: {},
      fieldErrors: {},
    });
    const invalid = await api.download(
      request(path, { body: { lead: { name: "", email: "", consent: true } }, visitor }),
      params(C.gated),
    );
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      messageKey: "engagement.errors.nameAndEmailRequired",
      fieldErrors: {
        "lead.name": "engagement.errors.nameAndEmailRequired",
        "lead.email": "engagement.errors.nameAndEmailRequired",
      },
    });
    const ok = await api.download(
      request(path, { body: { lead: { name: "Zé", email: "ze@example.com", consent: true } }, visitor }),
      params(C.gated),
    );
    expect(ok.status).toBe(200);
    const grant = (await ok.json()) as { url: string; fileName: string };
    expect(grant.fileName).toBe("m-gated-kit.pdf");
    expect(grant.url).toContain("X-Amz-Signature=");
    // The locale cookie is kept with the lead.
    expect(await env.db.lead.findFirst({ where: { email: "ze@example.com" } })).toMatchObject({
      locale: "en",
    });
    const summary = await api.summary(
      request(`/api/content/${C.gated}/engagement`, { visitor }),
      params(C.gated),
    );
    expect(await summary.json()).toMatchObject({ leadOnFile: true });
  });

  it("404 for unreachable content on every route", async () => {
    for (const id of [C.draft, C.onlyPrivateEvent, C.onlyDraftEvent, "missing"]) {
      const calls = [
        api.summary(request(`/api/content/${id}/engagement`), params(id)),
        api.like(request(`/api/content/${id}/like`, { body: {} }), params(id)),
        api.listComments(request(`/api/content/${id}/comments`), params(id)),
        api.postComment(
          request(`/api/content/${id}/comments`, { body: { rating: 3, text: "x" } }),
          params(id),
        ),
        api.share(request(`/api/content/${id}/shares`, { body: { channel: "x" } }), params(id)),
        api.download(request(`/api/content/${id}/downloads`, { body: {} }), params(id)),
        api.view(request(`/api/content/${id}/views`, { body: {} }), params(id)),
        api.watchTime(request(`/api/content/${id}/watch-time`, { body: { seconds: 10 } }), params(id)),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    }
  });

  it("422 for invalid input or a body that is not JSON; 413 for one too large", async () => {
    const rating = await api.postComment(
      request(`/api/content/${C.open}/comments`, { body: { rating: 9, text: "x" } }),
      params(C.open),
    );
    expect(rating.status).toBe(422);
    expect(await rating.json()).toMatchObject({
      code: "validation",
      messageKey: "engagement.errors.ratingInvalid",
      fieldErrors: { rating: "engagement.errors.ratingInvalid" },
    });
    const form = await api.like(
      request(`/api/content/${C.open}/like`, {
        raw: "liked=true",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      params(C.open),
    );
    expect(form.status).toBe(422);
    const broken = await api.share(request(`/api/content/${C.open}/shares`, { raw: "{" }), params(C.open));
    expect(await broken.json()).toMatchObject({ messageKey: "engagement.errors.invalidRequest" });
    const huge = await api.postComment(
      request(`/api/content/${C.open}/comments`, { body: { rating: 3, text: "x".repeat(20_000) } }),
      params(C.open),
    );
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: "too_large", messageKey: "validation.requestTooLarge" });
    const liked = await api.like(
      request(`/api/content/${C.open}/like`, { body: { liked: "yes" } }),
      params(C.open),
    );
    expect(liked.status).toBe(422);
  });

  it("201 for a share, 202 for views and watch time", async () => {
    const visitor = randomUUID();
    const share = await api.share(
      request(`/api/content/${C.open}/shares`, { body: { channel: "copy-link" }, visitor }),
      params(C.open),
    );
    expect(share.status).toBe(201);
    expect(await share.json()).toEqual({ ok: true });
    // A view needs no body at all.
    const view = await api.view(
      request(`/api/content/${C.open}/views`, { method: "POST", visitor }),
      params(C.open),
    );
    expect(view.status).toBe(202);
    const repeat = await api.view(
      request(`/api/content/${C.open}/views`, { body: {}, visitor }),
      params(C.open),
    );
    expect(repeat.status).toBe(202);
    expect(await env.db.engagementEvent.count({ where: { visitorId: visitor, type: "view" } })).toBe(1);
    const watched = await api.watchTime(
      request(`/api/content/${C.open}/watch-time`, { body: { seconds: 10 }, visitor }),
      params(C.open),
    );
    expect(watched.status).toBe(202);
  });
});

describe("rate limits", () => {
  it("429 with Retry-After past the visitor's limit", async () => {
    const visitor = randomUUID();
    const post = () =>
      api.postComment(
        request(`/api/content/${C.mixed}/comments`, { body: { rating: 4, text: "again" }, visitor }),
        params(C.mixed),
      );
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const limited = await post();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect(await limited.json()).toMatchObject({
      code: "rate_limited",
      messageKey: "engagement.errors.rateLimited",
      retryAfter,
    });
    expect(await env.db.comment.count({ where: { contentId: C.mixed, visitorId: visitor } })).toBe(2);
  });

  it("limits requests without a cookie by address, and neither other addresses nor fans with cookies", async () => {
    const from = (ip: string, visitor?: string) =>
      api.postComment(
        request(`/api/content/${C.single}/comments`, {
          body: { rating: 4, text: "crowd" },
          ...(visitor ? { visitor } : {}),
          headers: { "x-forwarded-for": ip },
        }),
        params(C.single),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await from("198.51.100.7")).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    expect((await from("198.51.100.8")).status).toBe(201);
    // A crowd behind the same address, each fan with its cookie, is not capped by it.
    const crowd = await Promise.all(Array.from({ length: 10 }, () => from("198.51.100.7", randomUUID())));
    expect(crowd.map((r) => r.status)).toEqual(Array<number>(10).fill(201));
    // Without a trusted proxy, a forwarded chain proves nothing: no address to count against.
    expect((await from("10.0.0.1, 198.51.100.7")).status).toBe(201);
    // The table keeps a keyed hash, never the address.
    const keys = (await env.db.rateLimiter.findMany({ select: { key: true } })).map((r) => r.key).join(" ");
    expect(keys).toContain("eng:anon:ip:");
    expect(keys).not.toContain("198.51.100");
  });

  it("issues new visitor ids per address only up to a ceiling (minting ids is not a way round the limits)", async () => {
    const fresh = (ip: string) =>
      api.summary(
        request(`/api/content/${C.open}/engagement`, { headers: { "x-forwarded-for": ip } }),
        params(C.open),
      );
    const cookies: boolean[] = [];
    for (let i = 0; i < 13; i++) {
      const response = await fresh("203.0.113.50");
      expect(response.status).toBe(200);
      cookies.push((response.headers.get("set-cookie") ?? "").includes("ag_vid="));
    }
    // 12 new fans behind the address get their id; the 13th request is answered, without one.
    expect(cookies).toEqual([...Array<boolean>(12).fill(true), false]);
    expect((await fresh("203.0.113.51")).headers.get("set-cookie")).toContain("ag_vid=");
  });
});
