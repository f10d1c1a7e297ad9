import { describe, expect, it } from "vitest";
import {
  companySlugCandidates,
  isReservedSlug,
  RESERVED_SLUGS,
  RESERVED_SUBDOMAIN_LABELS,
  slugify,
} from "@/lib/platform/site/slug";

const firstThree = (name: string) => {
  const it = companySlugCandidates(name);
  return [it.next().value, it.next().value, it.next().value];
};

describe("company slugs", () => {
  it("folds accents and punctuation into dashes", () => {
    expect(slugify("  Noite Acústica & Co. ")).toBe("noite-acustica-co");
    expect(slugify("São João — 2026!")).toBe("sao-joao-2026");
    expect(slugify("Straße Æon", 48)).toBe("strasse-aeon");
  });

  it("never proposes a reserved route", () => {
    for (const slug of [
      "auth",
      "admin",
      "event",
      "api",
      "player",
      "privacy",
      "terms",
      "cookies",
      "onboarding",
      "invite",
      "email-confirmation",
      "evento",
      "termos",
      "privacidade",
      "404",
      "500",
    ]) {
      expect(isReservedSlug(slug)).toBe(true);
    }
    for (const label of RESERVED_SUBDOMAIN_LABELS) expect(RESERVED_SLUGS.has(label)).toBe(true);
    expect(firstThree("Admin")).toEqual(["admin-2", "admin-3", "admin-4"]);
    // Regression (issue #11): these were missing from the onboarding list, so a company
    // named "Termos" got the slug `termos` and a landing page the public pages refuse.
    expect(firstThree("Termos")).toEqual(["termos-2", "termos-3", "termos-4"]);
    for (const name of ["Termos", "Evento", "Privacidade", "404", "500", "Admin", "Api", "WWW"]) {
      expect(isReservedSlug(firstThree(name)[0] ?? "")).toBe(false);
    }
    expect(firstThree("Email Confirmation")).toEqual([
      "email-confirmation-2",
      "email-confirmation-3",
      "email-confirmation-4",
    ]);
  });

  it("numbers the following candidates and names a nameless company", () => {
    expect(firstThree("Demo Live")).toEqual(["demo-live", "demo-live-2", "demo-live-3"]);
    expect(firstThree("!!!")).toEqual(["company", "company-2", "company-3"]);
  });

  it("stays within the length limit with a suffix", () => {
    const long = "a".repeat(80);
    const [first, second] = firstThree(long);
    expect(first).toHaveLength(48);
    expect(second).toHaveLength(48);
    expect(second?.endsWith("-2")).toBe(true);
  });
});
