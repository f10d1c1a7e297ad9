import compile from "icu-minify/compile";
import { describe, expect, it } from "vitest";
import { fallbackChain, locales, resolveLocale } from "@/lib/core/i18n/config";
import { loadMessages, mergeMessages, type Messages } from "@/lib/core/i18n/messages";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import pt from "@/messages/pt.json";

function keys(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe("locale resolution", () => {
  it("defaults unknown or missing languages to Portuguese", () => {
    expect(resolveLocale(undefined)).toBe("pt");
    expect(resolveLocale("de")).toBe("pt");
    expect(resolveLocale("fr")).toBe("fr");
  });

  it("falls back chosen → en → pt", () => {
    expect(fallbackChain("fr")).toEqual(["fr", "en", "pt"]);
    expect(fallbackChain("en")).toEqual(["en", "pt"]);
    expect(fallbackChain("pt")).toEqual(["pt", "en"]);
  });

  it("fills a missing translation from English, then Portuguese", () => {
    const bundles: Messages[] = [
      { a: "pt-a", b: "pt-b", c: "pt-c" },
      { a: "en-a", b: "en-b" },
      { a: "fr-a" },
    ];
    const merged = bundles.reduce<Messages>((acc, m) => mergeMessages(acc, m), {});
    expect(merged).toEqual({ a: "fr-a", b: "en-b", c: "pt-c" });
  });

  it("replaces a precompiled message (an array) whole instead of merging it index by index", () => {
    // The shape next-intl's build-time precompile gives a message with arguments (next.config.ts).
    const pt = { share: { text: ["", ["title"], ": fotos e vídeos"] } } as unknown as Messages;
    const fr = { share: { text: [["title"], " : photos"] } } as unknown as Messages;
    expect(mergeMessages(pt, fr)).toEqual({ share: { text: [["title"], " : photos"] } });
  });

  it("loads every language with the whole key set", async () => {
    for (const locale of locales) {
      expect(keys(await loadMessages(locale)).sort()).toEqual(keys(pt).sort());
    }
  });
});

describe("message catalogues", () => {
  const catalogues: Record<string, Messages> = { pt, en, es, fr };

  it.each(Object.keys(catalogues))("%s has exactly the Portuguese keys, none empty", (locale) => {
    const catalogue = catalogues[locale]!;
    expect(keys(catalogue).sort()).toEqual(keys(pt).sort());
    const empty = keys(catalogue).filter((k) => {
      const value = k
        .split(".")
        .reduce<Messages | string | undefined>(
          (node, part) => (typeof node === "object" ? node[part] : undefined),
          catalogue,
        );
      return typeof value !== "string" || value.trim() === "";
    });
    expect(empty).toEqual([]);
  });

  // The build precompiles every message with this compiler (next.config.ts): one that does not
  // parse fails `next build` (and, formatted at run time, showed its key instead of a sentence).
  it.each(Object.keys(catalogues))("%s: every message is valid ICU", (locale) => {
    const catalogue = catalogues[locale]!;
    const invalid: string[] = [];
    const walk = (node: Messages, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value !== "string") walk(value, `${prefix}${key}.`);
        else
          try {
            compile(value);
          } catch (error) {
            invalid.push(`${prefix}${key}: ${String(error)}`);
          }
      }
    };
    walk(catalogue, "");
    expect(invalid).toEqual([]);
  });
});
