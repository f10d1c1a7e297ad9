import { describe, expect, it } from "vitest";
import { eventSlugCandidates } from "@/lib/features/events/slug";
import { slugify } from "@/lib/platform/site/slug";
import { isValidTimeZone, utcToZoned, zonedTimeToUtc } from "@/lib/features/events/time-zone";

describe("event slugs", () => {
  it("suggests a URL slug from the name", () => {
    expect(slugify("Festival de Verão 2026!")).toBe("festival-de-verao-2026");
    expect(slugify("  Noite   Acústica — Porto ")).toBe("noite-acustica-porto");
    expect(slugify("Ça c'est Paris")).toBe("ca-c-est-paris");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("🎉")).toBe("");
    expect(slugify("a".repeat(200))).toHaveLength(80);
  });
  it("lists numbered alternatives", () => {
    expect(eventSlugCandidates("show", 3)).toEqual(["show", "show-2", "show-3"]);
  });
});

describe("time zones", () => {
  it("stores a Lisbon summer evening in UTC and shows it back", () => {
    const utc = zonedTimeToUtc("2026-07-18", "20:00", "Europe/Lisbon");
    expect(utc.toISOString()).toBe("2026-07-18T19:00:00.000Z");
    expect(utcToZoned(utc, "Europe/Lisbon")).toEqual({ date: "2026-07-18", time: "20:00" });
  });
  it("handles winter time and zones west of UTC", () => {
    expect(zonedTimeToUtc("2026-12-31", "23:30", "Europe/Lisbon").toISOString()).toBe(
      "2026-12-31T23:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-11-20", "21:00", "America/Los_Angeles").toISOString()).toBe(
      "2026-11-21T05:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-01", "09:00", "America/Sao_Paulo").toISOString()).toBe(
      "2026-07-01T12:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-01", "09:00", "Asia/Kolkata").toISOString()).toBe(
      "2026-07-01T03:30:00.000Z",
    );
  });
  it("survives daylight-saving changes", () => {
    // Paris springs forward on 29 March 2026 at 02:00 → 03:00.
    expect(zonedTimeToUtc("2026-03-29", "01:30", "Europe/Paris").toISOString()).toBe(
      "2026-03-29T00:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-03-29", "03:30", "Europe/Paris").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // Falls back on 25 October 2026 at 03:00 → 02:00: 02:30 happens twice; the first is taken.
    expect(zonedTimeToUtc("2026-10-25", "02:30", "Europe/Paris").toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });
  it("validates zone names", () => {
    expect(isValidTimeZone("Europe/Lisbon")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });
});
