import { describe, expect, it } from "vitest";
import {
  COMPANY_SLUG_MAX,
  companySlugProblem,
  RESERVED_SUBDOMAIN_LABELS,
  slugify,
} from "@/lib/platform/site/slug";

// What an admin may type as the company slug (#14): slugify-shaped, 3–48 characters, not kept
// by the platform. One reserved list covers slugs and subdomain labels.

describe("companySlugProblem", () => {
  it.each(["abc", "noite-acustica", "a1-b2-c3", "404-2", "x".repeat(COMPANY_SLUG_MAX)])(
    "accepts %s",
    (slug) => {
      expect(companySlugProblem(slug)).toBeNull();
    },
  );

  it.each([
    ["ab", "too short"],
    ["x".repeat(COMPANY_SLUG_MAX + 1), "too long"],
    ["-abc", "leading dash"],
    ["abc-", "trailing dash"],
    ["ab--c", "double dash"],
    ["Abc", "upper case"],
    ["a_bc", "underscore"],
    ["ação", "accents"],
    ["a.bc", "dot"],
    ["a bc", "space"],
    ["", "empty"],
  ])("refuses %s (%s) as invalid", (slug) => {
    expect(companySlugProblem(slug)).toBe("invalid");
  });

  it("refuses every reserved word, route segments and subdomain labels alike", () => {
    for (const slug of ["termos", "privacidade", "evento", "admin", "auth", "player", "event", "cookies"])
      expect(companySlugProblem(slug), slug).toBe("reserved");
    for (const label of RESERVED_SUBDOMAIN_LABELS) {
      // Two-letter labels are invalid before they are reserved.
      expect(companySlugProblem(label), label).toBe(label.length < 3 ? "invalid" : "reserved");
    }
  });

  it("refuses names a visitor would take for the platform's own (status., login., mail.…)", () => {
    for (const slug of ["status", "login", "support", "webmail", "billing", "help"])
      expect(companySlugProblem(slug), slug).toBe("reserved");
  });

  it("accepts whatever slugify makes of a name long enough", () => {
    for (const name of ["Noite Acústica & Co.", "Straße 99", "  --Festival--  "])
      expect(companySlugProblem(slugify(name, COMPANY_SLUG_MAX))).toBeNull();
  });
});
