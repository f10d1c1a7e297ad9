/**
 * The tenant matrix (issue #12): every admin route handler and every server action, called as
 * each member of another company, as a signed-in user without a company, signed out, and as each
 * role of the owning company that the permission map refuses, is refused (403/404, 401 signed out,
 * or the same as a refused ActionResult), leaves company A's rows as they were, expires none of
 * A's public pages and answers nothing of A's. Nothing is listed by hand: the route
 * files (`app/**\/route.ts` under `app/api/admin`, `app/api/internal`, `app/api/uploads`, or using
 * `withMembership`)
 * and the exports of every `"use server"` module are discovered at test time, and the first test
 * fails when one of them has no entry in `MATRIX` below.
 *
 * ## Adding an entry
 * Key: `<file>:<export>` — a route's method (`app/api/admin/x/route.ts:GET`) or an action's
 * name (`lib/profile/actions.ts:updateNameAction`). The value says how to call it on company A:
 * - `route(permission, (w) => ({ path, params?, body? }))` for a route behind `withMembership`,
 * - `admin(permission, (w) => args)` for an `adminAction` (the permission it is written with),
 * - `session((w) => args)` for a `sessionAction` (a user who may have no company),
 * - `{ kind: "signed", call }` (an HMAC-signed internal route) or `{ kind: "pure", args, check }`
 *   (an action that touches no one's data) for the two special cases, see `Entry`.
 * `w` holds company A's records (`w.a.contentId`, `w.a.leadId`, `w.invitationToken` …; add one in
 * `createWorld` if yours is new). Name A's record in the arguments whenever the action takes one:
 * the entry is then `targeted` and every stranger must get 403/404. An action without a target
 * (it acts on the caller's own company or account: settings, billing, own profile) passes
 * `{ targeted: false }`; strangers may then succeed on their own data, and the test checks that
 * company A's rows and users did not change and that no answer carries A's data.
 * The arguments must be valid (a 422 is not accepted as a refusal, so a typo cannot pass); where a
 * refusal is legitimately a 422 naming A's record as unknown, give its message in `refusedAs`.
 */
import { statusOf, type ErrorCode } from "@/lib/core/errors";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "@/lib/generated/prisma/enums";
import { newSecretToken } from "@/lib/core/secret-token";
import type { Permission } from "@/lib/platform/access/permissions";
import { APP_URL, startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { revalidatePath, revalidateTag, setRequestHeaders } from "./support/next-mocks";
import {
  createContentRow,
  createEventRow,
  createLeadRow,
  createTenant,
  type Tenant,
} from "./support/tenants";

// Which permissions a call asks for: an entry's own must be among them (a route or action that
// dropped its permission to the guard's default could still refuse today's roles, by chance).
// Imported only after the harness has reset the modules (beforeAll), so the mock wraps the same
// copy of lib/core/errors the app's modules throw with.
let permissions: typeof import("@/lib/platform/access/permissions");
vi.mock("@/lib/platform/access/permissions", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/platform/access/permissions")>();
  return { ...actual, assertCan: vi.fn(actual.assertCan) };
});

// Outside a Server Components render next-intl cannot find the request's locale; the actions
// that ask for it (checkout) get the caller's language as they would in a request.
vi.mock("next-intl/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next-intl/server")>()),
  getLocale: async () => "en",
}));

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROLES: Role[] = ["admin", "manager", "user"];
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** In every name, title and text of company A: no answer to a stranger may contain it. */
const MARK = "ZZA-PRIVATE";

interface World {
  a: {
    id: string;
    eventId: string;
    eventSlug: string;
    contentId: string;
    mediaId: string;
    uploadId: string;
    commentId: string;
    leadId: string;
    invitationId: string;
    domainId: string;
    qrCodeId: string;
    /** A's webhook endpoint and one of its deliveries (Settings → Integrations, issue #38). */
    webhookEndpointId: string;
    webhookDeliveryId: string;
    /** A's API key (Settings → Integrations, issue #38). */
    apiKeyId: string;
    /** A reviewer of A's open review of its gallery (issue #36). */
    reviewerId: string;
    /** A's manager: the member the team actions try to remove or demote. */
    memberId: string;
  };
  /** The token of A's pending invitation (to `invitee@…`, who is none of the callers). */
  invitationToken: string;
}

type Args = unknown[];
interface RouteCall {
  path: string;
  params?: Record<string, string>;
  body?: unknown;
}
type Entry =
  | { kind: "route"; permission: Permission; call: (w: World) => RouteCall; targeted: boolean }
  | { kind: "admin"; permission: Permission; args: (w: World) => Args; targeted: boolean; refusedAs?: string }
  | { kind: "session"; args: (w: World) => Args; targeted: boolean; freshOutsider?: boolean }
  /** Not behind a session at all (an HMAC-signed internal call): everyone without the key is refused. */
  | { kind: "signed"; call: (w: World) => RouteCall }
  /** A server action that reads and writes nothing of anyone's (checked: A unchanged, nothing leaked). */
  | { kind: "pure"; args: (w: World) => Args; check: (result: unknown) => void };

interface Options {
  targeted?: boolean;
  refusedAs?: string;
  freshOutsider?: boolean;
}
const route = (permission: Permission, call: (w: World) => RouteCall, o: Options = {}): Entry => ({
  kind: "route",
  permission,
  call,
  targeted: o.targeted ?? true,
});
const admin = (permission: Permission, args: (w: World) => Args, o: Options = {}): Entry => ({
  kind: "admin",
  permission,
  args,
  targeted: o.targeted ?? true,
  refusedAs: o.refusedAs,
});
const session = (args: (w: World) => Args, o: Options = {}): Entry => ({
  kind: "session",
  args,
  targeted: o.targeted ?? true,
  freshOutsider: o.freshOutsider,
});
const untargeted = { targeted: false } as const;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}
const contentInput = (eventIds: string[]) => ({ title: "Hijack", kind: "single", eventIds });
const eventInput = {
  name: "Hijack",
  slug: "hijacked-event",
  date: "2026-09-01",
  time: "20:00",
  timeZone: "Europe/Lisbon",
  // A stranger must not put a password on A's event either (issue #36).
  visibility: "password",
  accessPassword: "hijacked-password",
};

/** How to call each admin route and server action on company A (see the top of the file). */
const MATRIX: Record<string, Entry> = {
  // ── admin routes ──
  "app/api/admin/analytics.csv/route.ts:GET": route(
    "analytics.view",
    () => ({ path: "/api/admin/analytics.csv?by=content" }),
    untargeted,
  ),
  "app/api/admin/leads.csv/route.ts:GET": route(
    "leads.export",
    (w) => ({ path: `/api/admin/leads.csv?contentId=${w.a.contentId}` }),
    untargeted,
  ),
  "app/api/admin/leads/[id]/export/route.ts:GET": route("leads.export", (w) => ({
    path: `/api/admin/leads/${w.a.leadId}/export`,
    params: { id: w.a.leadId },
  })),
  "app/api/admin/media/[id]/download/route.ts:GET": route("content.manage", (w) => ({
    path: `/api/admin/media/${w.a.mediaId}/download`,
    params: { id: w.a.mediaId },
  })),
  "app/api/admin/content/[id]/media/route.ts:GET": route("content.manage", (w) => ({
    path: `/api/admin/content/${w.a.contentId}/media`,
    params: { id: w.a.contentId },
  })),
  "app/api/admin/qr-codes/[id]/route.ts:GET": route("content.manage", (w) => ({
    path: `/api/admin/qr-codes/${w.a.qrCodeId}?format=svg`,
    params: { id: w.a.qrCodeId },
  })),
  "app/api/internal/revalidate/route.ts:POST": {
    kind: "signed",
    call: (w) => ({
      path: "/api/internal/revalidate",
      body: { companyId: w.a.id, contentIds: [w.a.contentId] },
    }),
  },
  "app/api/uploads/route.ts:POST": route("content.manage", (w) => ({
    path: "/api/uploads",
    body: { fileName: "a.jpg", contentType: "image/jpeg", size: 1000, contentId: w.a.contentId },
  })),
  "app/api/uploads/[id]/route.ts:GET": route("content.manage", (w) => ({
    path: `/api/uploads/${w.a.uploadId}`,
    params: { id: w.a.uploadId },
  })),
  "app/api/uploads/[id]/route.ts:DELETE": route("content.manage", (w) => ({
    path: `/api/uploads/${w.a.uploadId}`,
    params: { id: w.a.uploadId },
  })),
  "app/api/uploads/[id]/parts/route.ts:POST": route("content.manage", (w) => ({
    path: `/api/uploads/${w.a.uploadId}/parts`,
    params: { id: w.a.uploadId },
    body: { partNumbers: [1] },
  })),
  "app/api/uploads/[id]/complete/route.ts:POST": route("content.manage", (w) => ({
    path: `/api/uploads/${w.a.uploadId}/complete`,
    params: { id: w.a.uploadId },
    body: {},
  })),

  // ── server actions ──
  "lib/features/content/actions.ts:createContentAction": admin(
    "content.manage",
    (w) => [contentInput([w.a.eventId])],
    {
      refusedAs: "content.errors.eventNotFound",
    },
  ),
  "lib/features/content/actions.ts:updateContentAction": admin("content.manage", (w) => [
    w.a.contentId,
    contentInput([]),
  ]),
  "lib/features/content/actions.ts:setContentStatusAction": admin("content.manage", (w) => [
    w.a.contentId,
    "archived",
  ]),
  "lib/features/content/actions.ts:deleteContentAction": admin("content.manage", (w) => [w.a.contentId]),
  "lib/features/content/actions.ts:moveMediaAction": admin("content.manage", (w) => [
    w.a.contentId,
    w.a.mediaId,
    0,
  ]),
  "lib/features/content/actions.ts:applyMediaOrderAction": admin("content.manage", (w) => [
    w.a.contentId,
    "name",
  ]),
  "lib/features/content/actions.ts:setCoverAction": admin("content.manage", (w) => [
    w.a.contentId,
    w.a.mediaId,
  ]),
  "lib/features/content/actions.ts:deleteMediaAction": admin("content.manage", (w) => [w.a.mediaId]),
  "lib/features/content/actions.ts:setMediaHiddenAction": admin("content.manage", (w) => [
    w.a.contentId,
    [w.a.mediaId],
    true,
  ]),
  "lib/features/content/actions.ts:deleteMediaItemsAction": admin("content.manage", (w) => [
    w.a.contentId,
    [w.a.mediaId],
  ]),
  "lib/features/content/actions.ts:retryMediaAction": admin("content.manage", (w) => [w.a.mediaId]),
  "lib/features/short-links/actions.ts:createQrCodeAction": admin("content.manage", (w) => [
    { kind: "event", id: w.a.eventId },
    "Hijack",
  ]),
  "lib/features/short-links/actions.ts:deleteQrCodeAction": admin("content.manage", (w) => [w.a.qrCodeId]),
  "lib/features/review/actions.ts:inviteReviewersAction": admin("content.manage", (w) => [
    w.a.contentId,
    { emails: "stranger-reviewer@example.test" },
  ]),
  "lib/features/review/actions.ts:revokeReviewerAction": admin("content.manage", (w) => [w.a.reviewerId]),
  "lib/features/review/actions.ts:cancelReviewAction": admin("content.manage", (w) => [w.a.contentId]),
  "lib/features/review/actions.ts:publishApprovedSetAction": admin("content.manage", (w) => [w.a.contentId]),
  "lib/features/events/actions.ts:saveEventAction": admin("events.manage", (w) => [w.a.eventId, eventInput]),
  "lib/features/events/actions.ts:setEventStatusAction": admin("events.manage", (w) => [
    w.a.eventId,
    "cancelled",
  ]),
  "lib/features/events/actions.ts:deleteEventAction": admin("events.manage", (w) => [w.a.eventId]),
  "lib/features/events/actions.ts:checkSlugAction": admin(
    "events.manage",
    (w) => [w.a.eventSlug, w.a.eventId],
    untargeted,
  ),
  "lib/features/comments/actions.ts:loadCommentsAction": admin("comments.moderate", (w) => [
    w.a.contentId,
    null,
  ]),
  "lib/features/comments/actions.ts:setCommentHiddenAction": admin("comments.moderate", (w) => [
    w.a.commentId,
    true,
  ]),
  "lib/features/comments/actions.ts:deleteCommentAction": admin("comments.moderate", (w) => [w.a.commentId]),
  "lib/features/leads/actions.ts:deleteLeadAction": admin("leads.delete", (w) => [w.a.leadId]),
  "lib/features/company/actions.ts:updateCompanyDataAction": admin(
    "settings.edit",
    () => [null, form({ name: "Hijacked", description: "Hijacked" })],
    untargeted,
  ),
  "lib/features/company/actions.ts:updateLandingPageAction": admin(
    "settings.edit",
    () => [null, form({ landingPageName: "Hijacked", landingPageDisplayMode: "events" })],
    untargeted,
  ),
  "lib/features/company/actions.ts:updateSecuritySettingsAction": admin(
    "settings.edit",
    () => [{ twoFactorRequired: "off" }],
    untargeted,
  ),
  "lib/features/brand/actions.ts:updateBrandingAction": admin(
    "settings.edit",
    () => [null, form({ logoMediaId: "", brandColor: "#123456", template: "stage" })],
    untargeted,
  ),
  "lib/features/brand/actions.ts:removeLogoAction": admin("settings.edit", () => [], untargeted),
  // Watermarks (issue #36): A's gallery and event are targets; the design is the caller's own company's.
  "lib/features/watermarks/actions.ts:saveWatermarkDesignAction": admin(
    "settings.edit",
    () => [
      null,
      form({ kind: "text", text: "Hijacked", position: "center", size: "30", edge: "short", opacity: "50" }),
    ],
    untargeted,
  ),
  "lib/features/watermarks/actions.ts:setGalleryWatermarkAction": admin("content.manage", (w) => [
    w.a.contentId,
    true,
  ]),
  "lib/features/watermarks/actions.ts:galleryWatermarkStatusAction": admin("content.manage", (w) => [
    w.a.contentId,
  ]),
  "lib/features/watermarks/actions.ts:setEventSponsorLogoAction": admin("events.manage", (w) => [
    w.a.eventId,
    null,
  ]),
  "lib/features/brand/actions.ts:updateLegalTextsAction": admin(
    "settings.edit",
    () => [null, form({ termsText: "Hijacked", privacyText: "" })],
    untargeted,
  ),
  "lib/features/domains/actions.ts:createSubdomainAction": admin("settings.edit", () => [], untargeted),
  "lib/features/domains/actions.ts:addCustomDomainAction": admin(
    "settings.edit",
    () => [{ hostname: "hijack.example.com" }],
    untargeted,
  ),
  // The admin review's translations (issue #15): A's event and content are targets; the bulk
  // run and the source language act on the caller's own company.
  "lib/features/translation/actions.ts:saveVersionAction": admin("content.manage", (w) => [
    { entity: "event", entityId: w.a.eventId, field: "description", locale: "en", text: "Hijacked" },
  ]),
  "lib/features/translation/actions.ts:translateAgainAction": admin("content.manage", (w) => [
    { entity: "content", entityId: w.a.contentId, field: "title", locale: "fr" },
  ]),
  "lib/features/translation/actions.ts:translateEverythingAction": admin(
    "content.manage",
    () => [],
    untargeted,
  ),
  "lib/features/translation/actions.ts:setSourceLocaleAction": admin(
    "settings.edit",
    () => [{ sourceLocale: "en" }],
    untargeted,
  ),
  "lib/features/domains/actions.ts:removeCustomDomainAction": admin("settings.edit", (w) => [w.a.domainId]),
  "lib/features/domains/actions.ts:retryDomainCheckAction": admin("settings.edit", (w) => [w.a.domainId]),
  // Settings → Integrations (issue #38): A's endpoint and delivery are the targets; creating
  // acts on the caller's own company.
  "lib/features/webhooks/actions.ts:createWebhookEndpointAction": admin(
    "settings.edit",
    () => [{ url: "https://hijack.example.com/in", eventTypes: ["lead.created"] }],
    untargeted,
  ),
  "lib/features/webhooks/actions.ts:rotateWebhookSecretAction": admin("settings.edit", (w) => [
    w.a.webhookEndpointId,
  ]),
  "lib/features/webhooks/actions.ts:setWebhookEndpointEnabledAction": admin("settings.edit", (w) => [
    w.a.webhookEndpointId,
    false,
  ]),
  "lib/features/webhooks/actions.ts:deleteWebhookEndpointAction": admin("settings.edit", (w) => [
    w.a.webhookEndpointId,
  ]),
  "lib/features/webhooks/actions.ts:resendWebhookDeliveryAction": admin("settings.edit", (w) => [
    w.a.webhookDeliveryId,
  ]),
  "lib/features/webhooks/actions.ts:sendWebhookTestEventAction": admin("settings.edit", (w) => [
    w.a.webhookEndpointId,
  ]),
  // Settings → Integrations → API keys (issue #38): A's key is the target; creating acts on the
  // caller's own company. (/api/v1 itself, called with keys, has its matrix in public-api.test.ts.)
  "lib/features/api-keys/actions.ts:createApiKeyAction": admin(
    "settings.edit",
    () => [{ name: "hijack", scopes: ["leads:read"], lifetime: "30" }],
    untargeted,
  ),
  "lib/features/api-keys/actions.ts:revokeApiKeyAction": admin("settings.edit", (w) => [w.a.apiKeyId]),
  // Settings → Address: on the caller's own company (B's admin renames B, nothing of A's).
  "lib/features/company/actions.ts:checkCompanySlugAction": admin(
    "settings.edit",
    () => ["any-free-slug"],
    untargeted,
  ),
  "lib/features/company/actions.ts:changeCompanySlugAction": admin(
    "settings.edit",
    () => [{ slug: "renamed-by-caller" }],
    untargeted,
  ),
  "lib/features/billing/actions.ts:startTrialAction": admin("billing.manage", () => [], untargeted),
  "lib/features/billing/actions.ts:createCheckoutAction": admin(
    "billing.manage",
    () => ["professional"],
    untargeted,
  ),
  "lib/features/billing/actions.ts:createPortalAction": admin("billing.manage", () => [], untargeted),
  "lib/features/dashboard/actions.ts:markLinkSharedAction": admin("admin.enter", () => [], untargeted),
  "lib/features/dashboard/actions.ts:dismissChecklistAction": admin("admin.enter", () => [], untargeted),
  "lib/features/team/actions.ts:inviteMemberAction": admin(
    "team.manage",
    () => [null, form({ email: "someone@elsewhere.test", role: "manager" })],
    untargeted,
  ),
  "lib/features/team/actions.ts:revokeInvitationAction": admin("team.manage", (w) => [w.a.invitationId]),
  "lib/features/team/actions.ts:removeMemberAction": admin("team.manage", (w) => [w.a.memberId]),
  "lib/features/team/actions.ts:changeMemberRoleAction": admin("team.manage", (w) => [w.a.memberId, "user"]),
  // Signed-in users acting on their own account: another user's data is out of reach.
  "lib/features/team/actions.ts:acceptInvitationAction": session((w) => [w.invitationToken]),
  "lib/features/onboarding/actions.ts:createCompanyAction": session(
    () => [null, form({ companyName: "Newcomer Co" })],
    {
      ...untargeted,
      // It gives the caller a company: a user of its own, so the shared outsider stays without one.
      freshOutsider: true,
    },
  ),
  "lib/features/account/auth-actions.ts:saveThemePreference": session(() => ["dark"], untargeted),
  // The account page: each acts on the caller's own account. A wrong password where one is
  // asked, so no caller's sessions end (the stored cookies serve the next entries).
  "lib/features/account/actions.ts:updateDisplayNameAction": session(
    () => [{ displayName: "Renamed" }],
    untargeted,
  ),
  "lib/features/account/actions.ts:requestEmailChangeAction": session(
    () => [{ newEmail: "moved@elsewhere.test" }],
    untargeted,
  ),
  "lib/features/account/actions.ts:changePasswordAction": session(
    () => [{ currentPassword: "Wr0ng!Pass", newPassword: "N3w!Passw0rd" }],
    untargeted,
  ),
  "lib/features/account/actions.ts:startTwoFactorAction": session(
    () => [{ password: "Wr0ng!Pass" }],
    untargeted,
  ),
  "lib/features/account/actions.ts:confirmTwoFactorAction": session(() => [{ code: "123456" }], untargeted),
  "lib/features/account/actions.ts:disableTwoFactorAction": session(
    () => [{ password: "Wr0ng!Pass" }],
    untargeted,
  ),
  "lib/features/account/actions.ts:regenerateRecoveryCodesAction": session(
    () => [{ password: "Wr0ng!Pass" }],
    untargeted,
  ),
  "lib/features/account/auth-actions.ts:signOutOtherSessionsAction": session(() => [], untargeted),
  "lib/features/account/auth-actions.ts:destinationAfterSignIn": {
    kind: "pure",
    args: () => ["//evil.test/admin"],
    check: (result) => expect(result).toMatch(/^\/(?![/\\])/),
  },
};

// ── discovery ──

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : Promise.resolve([`${dir}/${e.name}`]))),
  );
  return nested.flat();
}

type Module = Record<string, unknown>;
const load = (file: string): Promise<Module> =>
  import(/* @vite-ignore */ path.join(ROOT, file)) as Promise<Module>;

/** Every admin route method and every exported server action, as `<file>:<export>`. */
async function discover(): Promise<string[]> {
  const keys: string[] = [];
  const sources = [...(await walk("app")), ...(await walk("lib")), ...(await walk("server"))].filter(
    (f) => /\.tsx?$/.test(f) && !f.startsWith("lib/generated/"),
  );
  for (const file of sources) {
    const text = await readFile(path.join(ROOT, file), "utf8");
    const isRoute = /\/route\.tsx?$/.test(file);
    const admin =
      isRoute &&
      (file.startsWith("app/api/admin/") ||
        file.startsWith("app/api/internal/") ||
        file.startsWith("app/api/uploads/") ||
        text.includes("withMembership"));
    const serverActions = /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use server["']/.test(text);
    if (!admin && !serverActions) continue;
    const mod = await load(file);
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== "function") continue;
      if (admin && !HTTP_METHODS.includes(name)) continue;
      keys.push(`${file}:${name}`);
    }
  }
  return keys.sort();
}

// ── the world: companies A and B, their members, A's records ──

let h: AuthHarness;
let a: Tenant;
let b: Tenant;
let world: World;
let aUserIds: string[];
const headersOf = new Map<string, Headers>();

async function signedIn(email: string): Promise<Headers> {
  const browser = h.browser("en");
  expect((await browser.signIn(email)).status).toBe(200);
  return browser.headers();
}

async function outsider(): Promise<Headers> {
  const email = `outsider-${Math.random().toString(36).slice(2)}@solo.test`;
  await h.createUser({ email, name: "Solo", withProfile: true });
  return signedIn(email);
}

async function createWorld(): Promise<World> {
  const p = h.prisma;
  const event = await createEventRow(p, a.id, `${MARK} show`);
  const content = await createContentRow(p, a.id, {
    title: `${MARK} gallery`,
    eventIds: [event.id],
    kind: "single",
    status: "published",
  });
  const media = (state: "ready" | "uploading") =>
    p.mediaFile.create({
      data: {
        companyId: a.id,
        contentId: content.id,
        kind: "photo",
        storageKey: `companies/${a.id}/media/${Math.random().toString(36).slice(2)}/original`,
        originalName: `${MARK}.jpg`,
        mimeType: "image/jpeg",
        sizeBytes: BigInt(1000),
        state,
      },
    });
  const ready = await media("ready");
  const uploading = await media("uploading");
  const comment = await p.comment.create({
    data: { companyId: a.id, contentId: content.id, text: `${MARK} comment`, authorName: MARK },
  });
  const lead = await createLeadRow(p, {
    companyId: a.id,
    contentId: content.id,
    name: `${MARK} fan`,
    email: "zza-private-fan@example.com",
  });
  const { token, tokenHash } = newSecretToken();
  const invitation = await p.invitation.create({
    data: {
      companyId: a.id,
      email: "invitee@zza.test",
      role: "manager",
      tokenHash,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  await p.engagementEvent.create({
    data: { companyId: a.id, contentId: content.id, type: "view", visitorId: "v-a" },
  });
  const domain = await p.domain.create({
    data: { companyId: a.id, hostname: "zza-private.example.com", kind: "custom", verificationToken: MARK },
  });
  const qrCode = await p.shortLink.create({
    data: { companyId: a.id, eventId: event.id, code: "zzaqrcode1", label: `${MARK} qr`, labelKey: "zza-qr" },
  });
  const review = await p.galleryReview.create({
    data: { companyId: a.id, contentId: content.id, message: `${MARK} review` },
  });
  const reviewer = await p.galleryReviewer.create({
    data: {
      reviewId: review.id,
      companyId: a.id,
      email: "zza-reviewer@zza.test",
      locale: "en",
      tokenHash: newSecretToken().tokenHash,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const webhook = await p.webhookEndpoint.create({
    data: {
      companyId: a.id,
      url: "https://zza-hooks.example.com/in",
      eventTypes: ["lead.created"],
      secretEncrypted: "x",
    },
  });
  const delivery = await p.webhookDelivery.create({
    data: {
      id: "msg_zzatenantmatrix",
      companyId: a.id,
      endpointId: webhook.id,
      eventType: "lead.created",
      payload: {},
    },
  });
  const apiKey = await p.apiKey.create({
    data: {
      companyId: a.id,
      createdById: a.as("admin").userId,
      name: `${MARK} key`,
      prefix: "ag_zzaprivat",
      tokenHash: newSecretToken().tokenHash,
      scopes: ["leads:read"],
    },
  });
  return {
    a: {
      apiKeyId: apiKey.id,
      webhookEndpointId: webhook.id,
      webhookDeliveryId: delivery.id,
      qrCodeId: qrCode.id,
      reviewerId: reviewer.id,
      id: a.id,
      eventId: event.id,
      eventSlug: event.slug,
      contentId: content.id,
      mediaId: ready.id,
      uploadId: uploading.id,
      commentId: comment.id,
      leadId: lead.id,
      invitationId: invitation.id,
      domainId: domain.id,
      memberId: a.as("manager").userId,
    },
    invitationToken: token,
  };
}

/**
 * A fingerprint of everything company A owns, per table: rows with A's `companyId`, A itself,
 * its members' users, accounts, profiles and sessions (which exist, not when they were last
 * used), and rows reached through A's contents or events. Tables found at run time, so a new
 * company-owned table is covered without an edit; global tables (rate limits, Stripe events,
 * marketing forms, verification tokens) belong to no company and are left out.
 */
let fingerprintSql = "";
async function buildFingerprintSql(): Promise<void> {
  const columns = await h.prisma.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and table_name not like '\\_%' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const volatile: Record<string, string[]> = { session: ["updatedAt", "lastActiveAt", "expiresAt"] };
  const users = aUserIds.map((id) => `'${id}'`).join(",");
  const parts: string[] = [];
  for (const [table, cols] of byTable) {
    const has = (c: string) => cols.includes(c);
    const where = has("companyId")
      ? `"companyId" = '${a.id}'${has("userId") ? ` or "userId" in (${users})` : ""}`
      : table === "company"
        ? `id = '${a.id}'`
        : table === "user"
          ? `id in (${users})`
          : has("userId")
            ? `"userId" in (${users})`
            : has("contentId")
              ? `"contentId" in (select id from content where "companyId" = '${a.id}')`
              : has("eventId")
                ? `"eventId" in (select id from event where "companyId" = '${a.id}')`
                : null;
    if (!where) continue;
    const kept = cols.filter((c) => !volatile[table]?.includes(c)).map((c) => `"${c}"`);
    parts.push(
      `select '${table}' as t, (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from (select ${kept.join(", ")} from "${table}" where ${where}) x) as h`,
    );
  }
  fingerprintSql = parts.join(" union all ");
}
async function fingerprint(): Promise<Record<string, string>> {
  const rows = await h.prisma.$queryRawUnsafe<{ t: string; h: string }[]>(fingerprintSql);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

// ── calling ──

interface Outcome {
  /** HTTP status, or the ActionResult's status by the one status map. */
  status: number;
  code: string | null;
  message: string | null;
  text: string;
  result?: unknown;
}

async function callRoute(file: string, method: string, call: RouteCall, headers: Headers): Promise<Outcome> {
  const handler = (await load(file))[method] as (
    request: Request,
    context: { params: Promise<Record<string, string>> },
  ) => Promise<Response>;
  // The guard reads the session through `next/headers`, as in a real request.
  setRequestHeaders(headers);
  const init = new Headers(headers);
  if (call.body !== undefined) init.set("content-type", "application/json");
  const response = await handler(
    new Request(`${APP_URL}${call.path}`, {
      method,
      headers: init,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    }),
    { params: Promise.resolve(call.params ?? {}) },
  );
  const text = await response.text();
  let code: string | null = null;
  let message: string | null = null;
  if (response.status >= 400) {
    const body = JSON.parse(text) as { code?: string; messageKey?: string };
    [code, message] = [body.code ?? null, body.messageKey ?? null];
  }
  return { status: response.status, code, message, text };
}

async function callAction(file: string, name: string, args: Args, headers: Headers): Promise<Outcome> {
  setRequestHeaders(headers);
  const action = (await load(file))[name] as (...args: Args) => Promise<unknown>;
  let result: unknown;
  try {
    result = await action(...args);
  } catch (error) {
    // A successful action with `redirectTo` leaves the page: Next's redirect is a throw.
    if (error instanceof Error && error.message === "NEXT_REDIRECT")
      return { status: 303, code: null, message: null, text: "" };
    throw error;
  }
  const text = JSON.stringify(result) ?? "";
  const r = result as { ok?: boolean; code?: string; message?: string } | undefined;
  if (r && r.ok === false)
    return {
      status: statusOf[r.code as ErrorCode] ?? 500,
      code: r.code ?? null,
      message: r.message ?? null,
      text,
      result,
    };
  return { status: 200, code: null, message: null, text, result };
}

/** Who calls, and whether the entry must refuse them. */
interface Caller {
  name: string;
  headers: () => Promise<Headers>;
  /** `refuse`: 403/404 only; `allowed`: anything but a 5xx (acting on its own company). */
  expect: "refuse" | "allowed";
}

function callersOf(entry: Entry): Caller[] {
  return [
    ...callersByKind(entry),
    {
      name: "signed-out",
      headers: async () => new Headers(),
      expect: entry.kind === "pure" ? "allowed" : "refuse",
    },
  ];
}

function callersByKind(entry: Entry): Caller[] {
  const stored = (name: string) => async () => headersOf.get(name)!;
  const strangers = (ok: (role: Role) => boolean): Caller[] =>
    ROLES.map((role) => ({
      name: `B.${role}`,
      headers: stored(`B.${role}`),
      expect: ok(role) ? "allowed" : "refuse",
    }));
  switch (entry.kind) {
    case "route":
    case "admin": {
      const permitted = (role: Role) => permissions.can(role, entry.permission);
      return [
        ...strangers((role) => !entry.targeted && permitted(role)),
        { name: "outsider", headers: stored("outsider"), expect: "refuse" },
        ...ROLES.filter((role) => !permitted(role)).map((role): Caller => ({
          name: `A.${role}`,
          headers: stored(`A.${role}`),
          expect: "refuse",
        })),
      ];
    }
    case "session":
      return [
        ...strangers(() => !entry.targeted),
        {
          name: "outsider",
          headers: entry.freshOutsider ? outsider : stored("outsider"),
          expect: entry.targeted ? "refuse" : "allowed",
        },
      ];
    case "signed":
    case "pure":
      return [
        ...strangers(() => entry.kind === "pure"),
        ...ROLES.map((role): Caller => ({
          name: `A.${role}`,
          headers: stored(`A.${role}`),
          expect: entry.kind === "pure" ? "allowed" : "refuse",
        })),
      ];
  }
}

beforeAll(async () => {
  h = await startAuthHarness();
  permissions = await import("@/lib/platform/access/permissions");
  // Enterprise: every feature is in the plan, so a refusal is the tenancy's, not the plan gate's.
  const tenant = () => createTenant(h.prisma, { users: h, plan: "enterprise" });
  [a, b] = [await tenant(), await tenant()];
  aUserIds = ROLES.map((role) => a.as(role).userId);
  world = await createWorld();
  for (const role of ROLES) {
    headersOf.set(`A.${role}`, await signedIn(a.emails[role]));
    headersOf.set(`B.${role}`, await signedIn(b.emails[role]));
  }
  headersOf.set("outsider", await outsider());
  await buildFingerprintSql();
});
afterAll(async () => {
  await h?.close();
});

describe("the tenant matrix", () => {
  it("has an entry for every admin route and server action, and none for what no longer exists", async () => {
    expect(Object.keys(MATRIX).sort()).toEqual(await discover());
  });

  it("fingerprints every table that company A owns rows in", async () => {
    const tables = Object.keys(await fingerprint());
    for (const t of [
      "company",
      "user",
      "session",
      "profile",
      "event",
      "content",
      "content_event",
      "media_file",
    ])
      expect(tables).toContain(t);
    for (const t of ["comment", "lead", "invitation", "engagement_event", "content_like", "session_audit"])
      expect(tables).toContain(t);
  });

  it("notices a change of one of A's rows (the check below can fail)", async () => {
    const before = await fingerprint();
    await h.prisma.comment.update({ where: { id: world.a.commentId }, data: { hidden: true } });
    expect(await fingerprint()).not.toEqual(before);
    await h.prisma.comment.update({ where: { id: world.a.commentId }, data: { hidden: false } });
    expect(await fingerprint()).toEqual(before);
  });

  it.each(Object.entries(MATRIX))(
    "%s refuses strangers and A's unauthorised roles, and changes nothing of A",
    async (key, entry) => {
      const [file, name] = [key.slice(0, key.lastIndexOf(":")), key.slice(key.lastIndexOf(":") + 1)];
      const before = await fingerprint();
      const aTags = [world.a.id, world.a.contentId, world.a.eventId];
      revalidateTag.mockClear();
      revalidatePath.mockClear();
      const callers = callersOf(entry);
      expect(callers.length).toBeGreaterThan(0);
      for (const caller of callers) {
        const headers = await caller.headers();
        vi.mocked(permissions.assertCan).mockClear();
        const outcome =
          entry.kind === "route" || entry.kind === "signed"
            ? await callRoute(file, name, entry.call(world), headers)
            : await callAction(file, name, entry.args(world), headers);
        const label = `${key} as ${caller.name}: ${outcome.status} ${outcome.code ?? ""} ${outcome.message ?? ""}`;
        expect(outcome.status, label).toBeLessThan(500);
        if (caller.expect === "refuse") {
          const refusedAs = entry.kind === "admin" ? entry.refusedAs : undefined;
          // Signed out, "sign in first" (401) is the refusal; signed in, 403 or 404.
          const statuses = caller.name === "signed-out" ? [401, 403] : [403, 404];
          const refused =
            statuses.includes(outcome.status) || (refusedAs !== undefined && outcome.message === refusedAs);
          expect(refused, label).toBe(true);
        }
        if ((entry.kind === "route" || entry.kind === "admin") && caller.name.startsWith("A.")) {
          const asked = vi.mocked(permissions.assertCan).mock.calls.map(([, permission]) => permission);
          expect(asked, `${label} did not ask for ${entry.permission}`).toContain(entry.permission);
        }
        if (entry.kind === "pure") entry.check(outcome.result);
        if (!caller.name.startsWith("A."))
          expect(outcome.text, `${label} leaks A's data`).not.toContain(MARK);
        expect(await fingerprint(), `${label} changed company A's rows`).toEqual(before);
        // Nor may a stranger expire A's public pages (a refused call expires nothing at all).
        const expired = [...revalidateTag.mock.calls, ...revalidatePath.mock.calls].map(([what]) =>
          String(what),
        );
        if (caller.expect === "refuse") expect(expired, `${label} revalidated`).toEqual([]);
        if (!caller.name.startsWith("A."))
          expect(
            expired.filter((tag) => aTags.some((t) => tag.includes(t))),
            `${label} expired A's pages`,
          ).toEqual([]);
        revalidateTag.mockClear();
        revalidatePath.mockClear();
      }
    },
  );
});
