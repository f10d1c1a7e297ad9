import { describe, expect, it } from "vitest";
import {
  indexVersions,
  pickString,
  pickText,
  textVersions,
  type VersionRecord,
} from "@/lib/surfaces/public-site/texts";
import { sourceHash } from "@/lib/features/translation/fields";

const ref = { entity: "event" as const, entityId: "ev1", field: "description" };
const row = (locale: string, text: string, extra: Partial<VersionRecord> = {}, source = "Olá", from = "pt") =>
  ({
    ...ref,
    locale,
    text,
    origin: "automatic",
    state: "ready",
    sourceHash: sourceHash(source, from as "pt"),
    ...extra,
  }) satisfies VersionRecord;

describe("organiser texts: versions shown to fans (issue #15)", () => {
  it("keeps ready automatic versions of the current source and hand-edited ones, even stale", () => {
    const index = indexVersions([
      row("en", "Hello"),
      row("es", "Hola viejo", {}, "Olá antes"),
      row("fr", "Bonjour", { origin: "manual" }, "Olá antes"),
    ]);
    const v = textVersions("Olá", "pt", ref, index);
    expect(v.byLocale).toEqual({ pt: "Olá", en: "Hello", fr: "Bonjour" });
    expect(v.automatic).toEqual(["en"]);
  });

  it("leaves out pending, failed and empty versions, other fields and other entities", () => {
    const index = indexVersions([
      row("en", "Hello", { state: "pending" }),
      row("es", "Hola", { state: "failed" }),
      row("fr", "", { origin: "manual" }),
      { ...row("en", "Name"), field: "name" },
      { ...row("es", "Otro"), entityId: "ev2" },
    ]);
    expect(textVersions("Olá", "pt", ref, index).byLocale).toEqual({ pt: "Olá" });
  });

  it("has nothing to show for an empty source", () => {
    const v = textVersions("  ", "pt", ref, indexVersions([row("en", "Hello", { origin: "manual" })]));
    expect(pickText(v, "en")).toBeNull();
  });

  it("falls back: the page's locale, then English, then Portuguese, then the source", () => {
    const all = {
      byLocale: { pt: "Olá", en: "Hello", fr: "Bonjour" },
      sourceLocale: "pt" as const,
      automatic: [],
    };
    expect(pickString(all, "fr")).toBe("Bonjour");
    expect(pickString(all, "es")).toBe("Hello");
    expect(pickString({ ...all, byLocale: { pt: "Olá" } }, "es")).toBe("Olá");
  });

  it("counts a non-Portuguese source as the version in its own locale", () => {
    const index = indexVersions([
      row("pt", "Olá", {}, "Hola", "es"),
      row("en", "Hello", { state: "failed" }, "Hola", "es"),
    ]);
    const v = textVersions("Hola", "es", ref, index);
    expect(v.byLocale).toEqual({ es: "Hola", pt: "Olá" });
    // fr → en (none) → pt (an automatic version) → the source
    expect(pickText(v, "fr")).toEqual({
      text: "Olá",
      lang: "pt",
      automatic: true,
      original: "Hola",
      originalLang: "es",
    });
    expect(pickText(v, "es")).toMatchObject({ text: "Hola", lang: "es", automatic: false });
    expect(pickText(textVersions("Hola", "es", ref), "en")).toMatchObject({ text: "Hola", lang: "es" });
    // An English source with no versions at all is English everywhere.
    expect(pickText(textVersions("Hi", "en", ref), "pt")).toMatchObject({ text: "Hi", lang: "en" });
  });

  it("a version of a source in another language is stale (the hash includes the locale)", () => {
    const index = indexVersions([row("en", "Hello", {}, "Olá", "es")]);
    expect(textVersions("Olá", "pt", ref, index).byLocale).toEqual({ pt: "Olá" });
  });

  it("marks only automatic versions", () => {
    const index = indexVersions([row("en", "Hello", { origin: "manual" })]);
    expect(pickText(textVersions("Olá", "pt", ref, index), "en")).toMatchObject({
      text: "Hello",
      automatic: false,
    });
  });
});
