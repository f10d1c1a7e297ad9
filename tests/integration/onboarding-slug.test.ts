import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isReservedSlug } from "@/lib/platform/site/slug";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";

// Regression (issue #11): onboarding had its own reserved list, without `evento`, `termos`,
// `privacidade`, `404` and `500`, so a company named "Termos" got the slug `termos`, which the
// public pages refuse as reserved: a landing page nobody could reach. Created here through the
// real onboarding path against a database of its own.

let h: AuthHarness;
let onboarding: typeof import("@/lib/features/onboarding/create-company");

beforeAll(async () => {
  h = await startAuthHarness();
  onboarding = await import("@/lib/features/onboarding/create-company");
});
afterAll(async () => {
  await h?.close();
});

describe("a company named like a reserved word", () => {
  it.each([
    ["Termos", "termos-2"],
    ["Evento", "evento-2"],
    ["Privacidade", "privacidade-2"],
    ["404", "404-2"],
    ["500", "500-2"],
    ["Admin", "admin-2"],
    ["Api", "api-2"],
    ["WWW", "www-2"],
  ])("%s gets the reachable slug %s", async (name, expected) => {
    const email = `${expected}@slug.test`;
    const userId = await h.createUser({ email, name: `Founder ${name}` });
    const company = await onboarding.createCompanyForUser(
      { id: userId, name: `Founder ${name}` },
      {
        companyName: name,
      },
    );
    expect(company.slug).toBe(expected);
    expect(isReservedSlug(company.slug)).toBe(false);
    expect(await h.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).toMatchObject({
      name,
      slug: expected,
    });
  });

  it("an ordinary name keeps its slug, and a clash takes the next free one", async () => {
    const first = await h.createUser({ email: "a@slug.test" });
    const second = await h.createUser({ email: "b@slug.test" });
    expect(
      (await onboarding.createCompanyForUser({ id: first, name: "A" }, { companyName: "Noite Acústica" }))
        .slug,
    ).toBe("noite-acustica");
    expect(
      (await onboarding.createCompanyForUser({ id: second, name: "B" }, { companyName: "Noite Acústica" }))
        .slug,
    ).toBe("noite-acustica-2");
  });
});
