import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@/lib/core/db-client";

// GET /api/domains/tls-allowed (#14): Caddy's on-demand TLS asks before issuing a certificate.
// 200 only for the app's own hosts, existing tenants' subdomains (and slugs still held after a
// change) and active custom domains; 404 for everything else, malformed input included.
// Issue #34, row 14: names that route now only, and at most TLS_NAMES_PER_COMPANY_PER_DAY
// distinct names a day per company (the certificate authority's rate limits are shared).

type Handler = (request: Request) => Promise<Response>;
let GET: Handler;
let db: PrismaClient;

beforeAll(async () => {
  // The app on its own domain (lib/core/env reads the environment once, at first import).
  process.env.APP_URL = "https://afterglow.test";
  vi.resetModules();
  ({ GET } = (await import("@/app/api/domains/tls-allowed/route")) as unknown as { GET: Handler });
  ({ db } = await import("@/lib/core/db"));
  const { createTenant } = await import("./support/tenants");
  const { changeCompanySlug } = await import("@/lib/features/company/change-slug");
  const a = await createTenant(db, { slug: "tls-co", plan: "professional" });
  const lapsed = await createTenant(db, { slug: "tls-lapsed", plan: "starter" });
  // A custom domain of a company whose plan no longer includes custom domains (a downgrade).
  await db.domain.create({
    data: { companyId: lapsed.id, hostname: "lapsed.tls.example", kind: "custom", status: "active" },
  });
  const moved = await createTenant(db, { slug: "tls-old" });
  await changeCompanySlug(moved.as("admin"), { slug: "tls-new" });
  const ended = await createTenant(db, { slug: "tls-ended-old" });
  await changeCompanySlug(ended.as("admin"), { slug: "tls-ended-new" });
  await db.slugRedirect.update({
    where: { slug: "tls-ended-old" },
    data: { heldUntil: new Date(Date.now() - 1) },
  });
  const domain = (hostname: string, status: "active" | "pending" | "rejected", kind = "custom" as const) =>
    db.domain.create({ data: { companyId: a.id, hostname, kind, status } });
  await domain("shop.tls.example", "active");
  await domain("pending.tls.example", "pending");
  await domain("rejected.tls.example", "rejected");
  // A company with more live names than a day's ceiling: its subdomain and 21 custom domains.
  const many = await createTenant(db, { slug: "tls-many", plan: "professional" });
  await db.domain.createMany({
    data: Array.from({ length: 21 }, (_, i) => ({
      companyId: many.id,
      hostname: `d${i}.many.example`,
      kind: "custom" as const,
      status: "active" as const,
    })),
  });
});

const ask = async (domain: string | null) => {
  const query = domain === null ? "" : `?domain=${encodeURIComponent(domain)}`;
  const response = await GET(new Request(`http://localhost:3000/api/domains/tls-allowed${query}`));
  expect(response.headers.get("cache-control")).toBe("no-store");
  return response.status;
};

describe("tls-allowed", () => {
  it.each([
    "afterglow.test",
    "www.afterglow.test",
    "tls-co.afterglow.test",
    "TLS-CO.afterglow.test.",
    "tls-new.afterglow.test",
    "tls-old.afterglow.test",
    "shop.tls.example",
    // Its plan no longer includes custom domains: it redirects to the subdomain, over TLS.
    "lapsed.tls.example",
  ])("allows %s", async (domain) => {
    expect(await ask(domain)).toBe(200);
  });

  it.each([
    "unknown.afterglow.test",
    "tls-ended-old.afterglow.test",
    "api.afterglow.test",
    "a.tls-co.afterglow.test",
    "tls-co.evil.test",
    "pending.tls.example",
    "rejected.tls.example",
    "removed.tls.example",
    "127.0.0.1",
    "localhost",
    "tls-co.localhost",
    "shop.tls.example:443",
    "shop.tls.example/x",
    "",
    `${"a".repeat(250)}.test`,
    "-bad.afterglow.test",
  ])("refuses %s", async (domain) => {
    expect(await ask(domain)).toBe(404);
  });

  it("refuses a request without a domain", async () => {
    expect(await ask(null)).toBe(404);
  });

  it("allows a company at most 20 distinct names a day, and a name already allowed again", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push(await ask(`d${i}.many.example`));
    expect(answers).toEqual([...Array<number>(20).fill(200), 404]);
    // The company's own subdomain is a 22nd name: refused today too.
    expect(await ask("tls-many.afterglow.test")).toBe(404);
    // A name allowed today is allowed again (a retried issuance, a renewal), in any spelling.
    expect(await ask("d0.many.example")).toBe(200);
    expect(await ask("D19.Many.Example.")).toBe(200);
    expect(await ask("d20.many.example")).toBe(404);
    // Other companies' names and the app's own host are not held by this company's ceiling.
    expect(await ask("shop.tls.example")).toBe(200);
    expect(await ask("tls-co.afterglow.test")).toBe(200);
    expect(await ask("afterglow.test")).toBe(200);
    const { TLS_NAMES_PER_COMPANY_PER_DAY } = await import("@/lib/features/domains/tls-allowed");
    expect(TLS_NAMES_PER_COMPANY_PER_DAY).toBe(20);
  });
});
