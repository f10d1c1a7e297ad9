import { describe, expect, it } from "vitest";
import { isReservedSlug, RESERVED_SLUGS, slugCandidates, slugify } from "@/lib/onboarding/slug";

const firstThree = (name: string) => {
  const it = slugCandidates(name);
  return [it.next().value, it.next().value, it.next().value];
};

describe("company slugs", () => {
  it("folds accents and punctuation into dashes", () => {
    expect(slugify("  Noite Acústica & Co. ")).toBe("noite-acustica-co");
    expect(slugify("São João — 2026!")).toBe("sao-joao-2026");
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
    ]) {
      expect(isReservedSlug(slug)).toBe(true);
    }
    expect(RESERVED_SLUGS.has("www")).toBe(true);
    expect(firstThree("Admin")).toEqual(["admin-2", "admin-3", "admin-4"]);
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
