import { describe, expect, it } from "vitest";
import { topLevelErrorText } from "@/lib/core/i18n/top-level-error";
import { locales } from "@/lib/core/i18n/config";
import { formatDuration } from "@/lib/core/format";
import { isMediaVariant, publicMediaUrl } from "@/lib/platform/media/urls";
import { formatCommentDate, formatCount, formatPrice, intlLocale } from "@/lib/surfaces/public-site/format";
import { tenantLinks } from "@/lib/platform/site/links";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import pt from "@/messages/pt.json";

/** How many `Intl[name]` objects `body` builds (each one loads locale data). */
function intlBuilt(name: "DateTimeFormat" | "NumberFormat", body: () => void): number {
  const real = Intl[name];
  let built = 0;
  const counting = new Proxy(real, {
    construct(target, args: unknown[]) {
      built++;
      return Reflect.construct(target, args) as object;
    },
  });
  Object.assign(Intl, { [name]: counting });
  try {
    body();
  } finally {
    Object.assign(Intl, { [name]: real });
  }
  return built;
}

describe("tenant links", () => {
  it("builds the three URL schemes of the spec", () => {
    const global = tenantLinks("global", "demo");
    expect([global.home, global.event("x"), global.player("c1"), global.terms]).toEqual([
      "/demo",
      // Event slugs are unique per company: event links always carry it.
      "/demo/evento/x",
      "/player/c1",
      "/demo/termos",
    ]);
    const path = tenantLinks("path", "demo");
    expect([path.home, path.event("x"), path.player("c1"), path.privacy]).toEqual([
      "/demo",
      "/demo/evento/x",
      "/demo/player/c1",
      "/demo/privacidade",
    ]);
    const host = tenantLinks("host", "demo");
    expect([host.home, host.event("x"), host.player("c1"), host.terms]).toEqual([
      "/",
      "/evento/x",
      "/player/c1",
      "/termos",
    ]);
  });
});

describe("media URLs", () => {
  it("accepts only known variants", () => {
    expect(publicMediaUrl("m1", "w640.webp")).toBe("/api/media/m1/w640.webp");
    for (const ok of ["original", "poster", "w320.avif", "w1280.webp", "w1280.jpeg"])
      expect(isMediaVariant(ok)).toBe(true);
    for (const bad of ["../x", "w640.png", "original.jpg", "", "w.webp"])
      expect(isMediaVariant(bad)).toBe(false);
  });
});

describe("formatting and translations", () => {
  it("shows free events without a price and others in their currency", () => {
    expect(formatPrice(null, "EUR", "pt")).toBeNull();
    expect(formatPrice(0, "EUR", "pt")).toBeNull();
    expect(formatPrice(4500, "EUR", "en")).toBe("€45.00");
    expect(formatDuration(7_000)).toBe("0:07");
    expect(formatDuration(null)).toBeNull();
  });

  it("writes a comment's day as every language of the app writes a date in figures, without Intl", () => {
    const days = ["2026-07-18T12:00:00Z", "2026-01-05T12:00:00Z", "2027-12-31T12:00:00Z"];
    const texts: string[] = [];
    // The first Intl formatter of a page initialises ICU (tens of ms on a phone): none is built.
    expect(intlBuilt("DateTimeFormat", () => texts.push(...days.map((iso) => formatCommentDate(iso))))).toBe(
      0,
    );
    expect(texts).toEqual(["18/07/2026", "05/01/2026", "31/12/2027"]);
    // The same text Intl writes in each language (a language that orders or separates the
    // figures otherwise would fail here).
    for (const locale of locales) {
      const intl = new Intl.DateTimeFormat(intlLocale[locale], {
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
      });
      expect(
        days.map((iso) => intl.format(new Date(iso))),
        locale,
      ).toEqual(texts);
    }
  });

  it("writes counts as each language does, building a number formatter only from 1,000 up", () => {
    const reference = (n: number, locale: (typeof locales)[number]) =>
      new Intl.NumberFormat(intlLocale[locale]).format(n);
    // Below 1,000 the plain digits are what every language's formatter writes, and nothing is built.
    const small = locales.flatMap((locale) => [0, 1, 7, 42, 999].map((n) => ({ n, locale })));
    const smallTexts: string[] = [];
    expect(
      intlBuilt("NumberFormat", () =>
        smallTexts.push(...small.map(({ n, locale }) => formatCount(n, locale))),
      ),
    ).toBe(0);
    expect(smallTexts).toEqual(small.map(({ n, locale }) => reference(n, locale)));

    const built = intlBuilt("NumberFormat", () => {
      expect(formatCount(1234, "en")).toBe("1,234");
      expect(formatCount(1234, "pt")).toBe("1234");
      expect(formatCount(12345, "pt")).toBe("12\u00a0345");
      expect(formatCount(12345, "es")).toBe("12.345");
      expect(formatCount(1234, "fr")).toBe("1\u202f234");
      expect(formatCount(1234567, "en")).toBe("1,234,567");
      // A value the fast path does not cover is still formatted, not printed raw.
      expect(formatCount(2.5, "fr")).toBe("2,5");
    });
    expect(built).toBe(4);
    for (const locale of locales) {
      for (const n of [1000, 12345, 1234567]) expect(formatCount(n, locale)).toBe(reference(n, locale));
    }
  });

  it("keeps the top-level error screen's texts equal to the catalogues", () => {
    const catalogues = { pt, en, es, fr };
    for (const locale of locales) {
      const m = catalogues[locale];
      expect(topLevelErrorText[locale]).toEqual({
        title: m.errors.topLevelTitle,
        message: m.errors.topLevelMessage,
        reload: m.common.reload,
      });
    }
  });
});
