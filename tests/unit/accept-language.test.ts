import { describe, expect, it } from "vitest";
import { chooseLocale, matchAcceptLanguage, MAX_HEADER_CHARS } from "@/lib/core/i18n/accept-language";
import { cpuMs } from "../support/cpu-time";

describe("Accept-Language matching (first visit, issue #15)", () => {
  it("maps regional variants to our locales", () => {
    expect(matchAcceptLanguage("es-ES")).toBe("es");
    expect(matchAcceptLanguage("es-419,es;q=0.9")).toBe("es");
    expect(matchAcceptLanguage("pt-BR")).toBe("pt");
    expect(matchAcceptLanguage("en-GB,en;q=0.9")).toBe("en");
    expect(matchAcceptLanguage("FR-ca")).toBe("fr");
  });

  it("respects quality values, and the browser's order on ties", () => {
    expect(matchAcceptLanguage("de-DE,de;q=0.9,fr;q=0.5,en;q=0.8")).toBe("en");
    expect(matchAcceptLanguage("en;q=0.5, es")).toBe("es");
    expect(matchAcceptLanguage("fr;q=0.7,es;q=0.7")).toBe("fr");
    expect(matchAcceptLanguage("en;q=0,es;q=0.1")).toBe("es");
    expect(matchAcceptLanguage("en;q=1.0")).toBe("en");
  });

  it("matches nothing for other languages, wildcards, refusals and garbage", () => {
    for (const header of [
      null,
      undefined,
      "",
      "*",
      "de-DE,it;q=0.9",
      "en;q=0",
      "en;q=2",
      "en;q=abc",
      "e n",
      "<script>",
    ]) {
      expect(matchAcceptLanguage(header), String(header)).toBeNull();
    }
  });

  it("caps the work on a hostile header: only its start is read", () => {
    const padding = "de;q=0.9,".repeat(10_000);
    expect(matchAcceptLanguage(`${padding}en`)).toBeNull();
    expect(matchAcceptLanguage(`es,${padding}`)).toBe("es");
    expect(matchAcceptLanguage(`${"x".repeat(MAX_HEADER_CHARS)},en`)).toBeNull();
    const { ms } = cpuMs(() => {
      for (let i = 0; i < 1_000; i++) matchAcceptLanguage(`${"a-".repeat(50_000)}en`);
    });
    expect(ms).toBeLessThan(1_000);
  });

  it("keeps a valid cookie (an explicit choice wins) and remembers a first visit's match", () => {
    expect(chooseLocale("fr", "es-ES")).toEqual({ locale: "fr", remember: false });
    expect(chooseLocale(undefined, "es-ES")).toEqual({ locale: "es", remember: true });
    expect(chooseLocale("de", "en-GB")).toEqual({ locale: "en", remember: true });
    expect(chooseLocale(undefined, "de")).toEqual({ locale: "pt", remember: true });
    expect(chooseLocale(undefined, null)).toEqual({ locale: "pt", remember: true });
  });
});
