import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/core/db-client";

// The marketing forms' per-IP limit (issue #19), through the real route file: past
// RATE_LIMIT_FORMS a minute from one address, 429 with Retry-After and a translated message,
// and nothing stored; another address is not affected.

vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  // The operator's e-mail runs after the answer; outside a real request there is no "after".
  after: vi.fn(),
}));

const LIMIT = 3;
let POST: typeof import("@/app/api/forms/[form]/route").POST;
let prisma: PrismaClient;
let origin: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_FORMS = String(LIMIT);
  vi.resetModules();
  ({ POST } = await import("@/app/api/forms/[form]/route"));
  origin = new URL((await import("@/lib/core/env")).appUrl).origin;
  prisma = createPrismaClient(process.env.DATABASE_URL!);
});
afterAll(async () => {
  delete process.env.RATE_LIMIT_FORMS;
  await prisma?.$disconnect();
});

// As the server's listener leaves it (server/client-address-preload.mjs): the socket's address.
function newsletter(ip: string, email: string) {
  const request = new NextRequest(`${origin}/api/forms/newsletter`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      host: new URL(origin).host,
      "x-forwarded-for": ip,
      cookie: "NEXT_LOCALE=en",
    },
    body: JSON.stringify({ email }),
  });
  return POST(request, { params: Promise.resolve({ form: "newsletter" }) });
}

describe("marketing forms' per-IP limit", () => {
  it(`accepts ${LIMIT} a minute from one address, then answers 429 and stores nothing`, async () => {
    for (let i = 0; i < LIMIT; i++)
      expect((await newsletter("198.51.100.20", `fan${i}@forms.test`)).status).toBe(201);
    const refused = await newsletter("198.51.100.20", "one-too-many@forms.test");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe("rate_limited");
    expect(body.message).toBe("Something went wrong. Please try again.");
    expect(await prisma.marketingSubmission.count({ where: { email: "one-too-many@forms.test" } })).toBe(0);
    expect(await prisma.marketingSubmission.count({ where: { email: { endsWith: "@forms.test" } } })).toBe(
      LIMIT,
    );

    // Another address has its own allowance.
    expect((await newsletter("198.51.100.21", "neighbour@forms.test")).status).toBe(201);
  });
});
