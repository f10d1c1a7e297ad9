import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { createTenant, type Tenant } from "./support/tenants";

/**
 * Issue #34 (row 5): one 100 MB body to the Stripe webhook cost 346 MiB of server memory. Every
 * route handler that reads a body, and Better Auth's endpoints, answer a body over their cap
 * with 413 through the real route files: a declared length over it unread, a chunked body
 * cancelled as soon as the count passes it (never held whole). A body of exactly the cap still
 * reaches the handler.
 */
let h: AuthHarness;
let tenant: Tenant;
let routes: Awaited<ReturnType<typeof loadRoutes>>;

async function loadRoutes() {
  // After the harness: it sets the environment the app's modules read once.
  return {
    webhook: await import("@/app/api/stripe/webhook/route"),
    billing: await import("@/lib/features/billing/webhook"),
    auth: await import("@/app/api/auth/[...all]/route"),
    authHandler: await import("@/lib/platform/auth/handler"),
    forms: await import("@/app/api/forms/[form]/route"),
    revalidate: await import("@/app/api/internal/revalidate/route"),
    uploads: await import("@/app/api/uploads/route"),
    uploadParts: await import("@/app/api/uploads/[id]/parts/route"),
    uploadComplete: await import("@/app/api/uploads/[id]/complete/route"),
    fanApi: await import("@/lib/surfaces/fan-api/http"),
    like: await import("@/app/api/content/[id]/like/route"),
    views: await import("@/app/api/content/[id]/views/route"),
    shares: await import("@/app/api/content/[id]/shares/route"),
    watchTime: await import("@/app/api/content/[id]/watch-time/route"),
    comments: await import("@/app/api/content/[id]/comments/route"),
    downloads: await import("@/app/api/content/[id]/downloads/route"),
    downloadAll: await import("@/app/api/content/[id]/download-all/route"),
    favouritesEmail: await import("@/app/api/content/[id]/favourites/email/route"),
    favouritesClaim: await import("@/app/api/content/[id]/favourites/claim/route"),
  };
}

beforeAll(async () => {
  h = await startAuthHarness();
  routes = await loadRoutes();
  tenant = await createTenant(h.prisma, { users: h });
});
afterAll(async () => {
  await h?.close();
});

const CHUNK = 16 * 1024;

/**
 * A body that counts what was read from it: `total` bytes, or endless (null). A zero high-water
 * mark: nothing is pulled until someone reads.
 */
function body(total: number | null) {
  const state = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (total !== null && state.bytes >= total) return controller.close();
        const size = total === null ? CHUNK : Math.min(CHUNK, total - state.bytes);
        state.bytes += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

interface Entrance {
  name: string;
  path: string;
  cap: number;
  contentType: string;
  /** Signed in as the company's admin (the upload API's guard) before the call. */
  signedIn?: boolean;
  call: (request: NextRequest) => Promise<Response>;
}

const id = (value: string) => ({ params: Promise.resolve({ id: value }) });

function entrances(): Entrance[] {
  const json = "application/json";
  const fanCap = routes.fanApi.MAX_BODY_BYTES;
  const fan = (name: string, path: string, call: (r: NextRequest) => Promise<Response>): Entrance => ({
    name: `POST /api/content/{id}/${name}`,
    path: `/api/content/c-any/${path}`,
    cap: fanCap,
    contentType: json,
    call,
  });
  return [
    {
      name: "POST /api/stripe/webhook",
      path: "/api/stripe/webhook",
      cap: routes.billing.STRIPE_EVENT_MAX_BYTES,
      contentType: json,
      call: (r) => routes.webhook.POST(r),
    },
    {
      name: "POST /api/auth/sign-in/email (JSON)",
      path: "/api/auth/sign-in/email",
      cap: routes.authHandler.AUTH_MAX_BODY_BYTES,
      contentType: json,
      call: (r) => routes.auth.POST(r),
    },
    {
      name: "POST /api/auth/sign-up/email (form)",
      path: "/api/auth/sign-up/email",
      cap: routes.authHandler.AUTH_MAX_BODY_BYTES,
      contentType: "application/x-www-form-urlencoded",
      call: (r) => routes.auth.POST(r),
    },
    {
      name: "POST /api/forms/contact",
      path: "/api/forms/contact",
      cap: 16 * 1024,
      contentType: json,
      call: (r) => routes.forms.POST(r, { params: Promise.resolve({ form: "contact" }) }),
    },
    {
      name: "POST /api/internal/revalidate",
      path: "/api/internal/revalidate",
      cap: 128 * 1024,
      contentType: json,
      call: (r) => routes.revalidate.POST(r, {}),
    },
    {
      name: "POST /api/uploads",
      path: "/api/uploads",
      cap: 4 * 1024 * 1024,
      contentType: json,
      signedIn: true,
      call: (r) => routes.uploads.POST(r, { params: Promise.resolve({}) }),
    },
    {
      name: "POST /api/uploads/{id}/parts",
      path: "/api/uploads/m-any/parts",
      cap: 4 * 1024 * 1024,
      contentType: json,
      signedIn: true,
      call: (r) => routes.uploadParts.POST(r, id("m-any")),
    },
    {
      name: "POST /api/uploads/{id}/complete",
      path: "/api/uploads/m-any/complete",
      cap: 4 * 1024 * 1024,
      contentType: json,
      signedIn: true,
      call: (r) => routes.uploadComplete.POST(r, id("m-any")),
    },
    fan("like", "like", (r) => routes.like.POST(r, id("c-any"))),
    fan("views", "views", (r) => routes.views.POST(r, id("c-any"))),
    fan("shares", "shares", (r) => routes.shares.POST(r, id("c-any"))),
    fan("watch-time", "watch-time", (r) => routes.watchTime.POST(r, id("c-any"))),
    fan("comments", "comments", (r) => routes.comments.POST(r, id("c-any"))),
    fan("downloads", "downloads", (r) => routes.downloads.POST(r, id("c-any"))),
    fan("download-all", "download-all", (r) => routes.downloadAll.POST(r, id("c-any"))),
    fan("favourites/email", "favourites/email", (r) => routes.favouritesEmail.POST(r, id("c-any"))),
    fan("favourites/claim", "favourites/claim", (r) => routes.favouritesClaim.POST(r, id("c-any"))),
  ];
}

/** Calls the entrance with `total` bytes (null: endless), declaring its length or not. */
async function deliver(entrance: Entrance, total: number | null, declared: boolean) {
  if (entrance.signedIn) await h.actAs(tenant.emails.admin);
  const { stream, state } = body(total);
  const headers = new Headers({ "content-type": entrance.contentType });
  if (declared && total !== null) headers.set("content-length", String(total));
  const request = new NextRequest(`http://localhost:3999${entrance.path}`, {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
  const response = await entrance.call(request);
  return { response, state };
}

describe("every entrance that reads a body caps it", () => {
  it("lists the caps (a new body-reading route belongs here)", () => {
    expect(entrances().map((e) => [e.name, e.cap])).toMatchInlineSnapshot(`
      [
        [
          "POST /api/stripe/webhook",
          262144,
        ],
        [
          "POST /api/auth/sign-in/email (JSON)",
          65536,
        ],
        [
          "POST /api/auth/sign-up/email (form)",
          65536,
        ],
        [
          "POST /api/forms/contact",
          16384,
        ],
        [
          "POST /api/internal/revalidate",
          131072,
        ],
        [
          "POST /api/uploads",
          4194304,
        ],
        [
          "POST /api/uploads/{id}/parts",
          4194304,
        ],
        [
          "POST /api/uploads/{id}/complete",
          4194304,
        ],
        [
          "POST /api/content/{id}/like",
          16384,
        ],
        [
          "POST /api/content/{id}/views",
          16384,
        ],
        [
          "POST /api/content/{id}/shares",
          16384,
        ],
        [
          "POST /api/content/{id}/watch-time",
          16384,
        ],
        [
          "POST /api/content/{id}/comments",
          16384,
        ],
        [
          "POST /api/content/{id}/downloads",
          16384,
        ],
        [
          "POST /api/content/{id}/download-all",
          16384,
        ],
        [
          "POST /api/content/{id}/favourites/email",
          16384,
        ],
        [
          "POST /api/content/{id}/favourites/claim",
          16384,
        ],
      ]
    `);
  });

  it("answers 413 to a declared length over the cap without reading a byte (regression)", async () => {
    for (const entrance of entrances()) {
      const { response, state } = await deliver(entrance, entrance.cap + 1, true);
      expect([entrance.name, response.status]).toEqual([entrance.name, 413]);
      expect([entrance.name, state.bytes]).toEqual([entrance.name, 0]);
      expect(response.headers.get("connection")).toBe("close");
      expect(await response.json()).toMatchObject({
        code: "too_large",
        messageKey: "validation.requestTooLarge",
      });
    }
  });

  it("answers 413 to an endless chunked body, reading no more than the cap and one chunk (regression)", async () => {
    for (const entrance of entrances()) {
      const { response, state } = await deliver(entrance, null, false);
      expect([entrance.name, response.status]).toEqual([entrance.name, 413]);
      expect([entrance.name, state.bytes <= entrance.cap + CHUNK, state.cancelled]).toEqual([
        entrance.name,
        true,
        true,
      ]);
    }
  });

  it("reads a body of exactly the cap, declared or chunked, and hands it on", async () => {
    for (const entrance of entrances()) {
      for (const declared of [true, false]) {
        const { response, state } = await deliver(entrance, entrance.cap, declared);
        // Not JSON, unsigned or not a form: each handler's own refusal, after the whole body.
        expect([entrance.name, declared, response.status]).not.toEqual([entrance.name, declared, 413]);
        expect(response.status).toBeLessThan(500);
        expect([entrance.name, state.bytes]).toEqual([entrance.name, entrance.cap]);
      }
    }
  });
});

describe("Better Auth behind the cap", () => {
  it("still signs in with a JSON body and with a form body", async () => {
    const browser = h.browser("en");
    expect((await browser.signIn(tenant.emails.manager)).status).toBe(200);
    const form = await h.handle(
      new Request("http://localhost:3999/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3999" },
        body: new URLSearchParams({ email: tenant.emails.user, password: "Str0ng!Pass" }),
      }),
    );
    expect(form.status).toBe(200);
    expect(form.headers.getSetCookie().join()).toContain("afterglow.session_token=");
  });
});
