/**
 * Issue #34, row 4: visitor ids are bounded everywhere they are minted. `/s/<code>` used to set
 * a new signed `ag_vid` on every cookie-less request, past the per-address ceiling of new
 * visitors the engagement API kept (3,200 requests gave 3,200 identities, and with them 120
 * comments, 300 likes and 40 leads). Every entrance that issues one goes through
 * `issueVisitorCookie` now; each is asked here through its real route file, with the app's own
 * options, the ceiling lowered through the variable the app reads.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const CEILING = 3;
vi.hoisted(() => {
  Object.assign(process.env, {
    RATE_LIMIT_NEW_VISITORS_IP: "3",
    // The other fan limits out of the way: only the ceiling of new ids is under test.
    RATE_LIMIT_ANON_IP: "1000",
    RATE_LIMIT_VIEW: "1000",
    RATE_LIMIT_LIKE: "1000",
  });
});

import { GET as shortLink } from "@/app/s/[code]/route";
import { GET as engagementState } from "@/app/api/content/[id]/engagement/route";
import { POST as like } from "@/app/api/content/[id]/like/route";
import { db } from "@/lib/core/db";
import { createQrCode, listQrCodes } from "@/lib/features/short-links/qr-codes";
import { verifiedVisitorId } from "@/lib/platform/visitors/visitor";
import { createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

const HOST = "localhost:3000";
let pro: Tenant;
let qrPath: string;
let qrId: string;
let contentId: string;

beforeAll(async () => {
  pro = await createTenant(db, { plan: "professional" });
  const event = await createEventRow(db, pro.id, "Gate");
  const content = await createContentRow(db, pro.id, { status: "published", eventIds: [event.id] });
  contentId = content.id;
  const item = { kind: "event", id: event.id } as const;
  const { id } = await createQrCode(pro.as("admin"), item, "Poster");
  qrId = id;
  qrPath = new URL((await listQrCodes(pro.as("admin"), item)).find((q) => q.id === id)!.url).pathname;
});
afterAll(() => db.$disconnect());

/** The `ag_vid` an answer sets, verified, or null. */
function issuedVisitor(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ag_vid="));
  return cookie ? verifiedVisitorId(cookie.slice("ag_vid=".length, cookie.indexOf(";"))) : null;
}

/** A cookie-less scan of the QR code from `ip` (the preload puts the socket's address in X-Forwarded-For). */
const scan = (ip: string) => {
  const code = qrPath.slice("/s/".length);
  return shortLink(
    new Request(`http://${HOST}${qrPath}`, { headers: { host: HOST, "x-forwarded-for": ip } }),
    {
      params: Promise.resolve({ code }),
    },
  );
};
const state = (ip: string) =>
  engagementState(
    new Request(`http://${HOST}/api/content/${contentId}/engagement`, {
      headers: { host: HOST, "x-forwarded-for": ip },
    }),
    { params: Promise.resolve({ id: contentId }) },
  );
const likeFrom = (ip: string) =>
  like(
    new Request(`http://${HOST}/api/content/${contentId}/like`, {
      method: "POST",
      headers: {
        host: HOST,
        origin: `http://${HOST}`,
        "content-type": "application/json",
        "x-forwarded-for": ip,
      },
      body: JSON.stringify({ liked: true }),
    }),
    { params: Promise.resolve({ id: contentId }) },
  );
const scansCounted = async () =>
  db.engagementEvent.count({ where: { companyId: pro.id, type: "scan", source: `qr:${qrId}` } });

describe("new visitor ids, per address", () => {
  it("a short link issues them only up to the ceiling, and still redirects past it", async () => {
    const answers = [];
    for (let i = 0; i < CEILING + 3; i++) answers.push(await scan("198.51.100.10"));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(CEILING + 3).fill(302));
    expect(new Set(answers.map((a) => a.headers.get("location"))).size).toBe(1);
    const issued = answers.map(issuedVisitor);
    expect(issued.slice(0, CEILING).every((id) => id !== null)).toBe(true);
    expect(new Set(issued.slice(0, CEILING)).size).toBe(CEILING);
    // Past the ceiling: no cookie, and no scan counted under an id nobody keeps.
    expect(issued.slice(CEILING)).toEqual([null, null, null]);
    expect(await scansCounted()).toBe(CEILING);
    // Another address has its own ceiling.
    expect(issuedVisitor(await scan("198.51.100.11"))).not.toBeNull();
  });

  it("the engagement API issues them only up to the ceiling, reads and writes alike", async () => {
    const issued: boolean[] = [];
    for (let i = 0; i < CEILING + 2; i++) {
      const answer = i % 2 === 0 ? await state("198.51.100.20") : await likeFrom("198.51.100.20");
      expect(answer.status).toBeLessThan(300);
      issued.push(issuedVisitor(answer) !== null);
    }
    expect(issued).toEqual([...Array<boolean>(CEILING).fill(true), false, false]);
  });

  it("is one ceiling across the entrances: an address stopped on one gets none from the other", async () => {
    for (let i = 0; i < CEILING; i++) expect(issuedVisitor(await state("198.51.100.30"))).not.toBeNull();
    const afterApi = await scan("198.51.100.30");
    expect(afterApi.status).toBe(302);
    expect(issuedVisitor(afterApi)).toBeNull();

    for (let i = 0; i < CEILING; i++) expect(issuedVisitor(await scan("198.51.100.31"))).not.toBeNull();
    expect(issuedVisitor(await likeFrom("198.51.100.31"))).toBeNull();
    expect(issuedVisitor(await state("198.51.100.31"))).toBeNull();
  });
});
