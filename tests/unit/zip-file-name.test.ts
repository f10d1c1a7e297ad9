import { describe, expect, it } from "vitest";
import { zipFileName } from "@/lib/features/engagement/download-all";
import { translator } from "@/lib/core/i18n/translate";

/** The "Download all" ZIP's name: the title made safe, the added words in the fan's language. */
describe("zipFileName", () => {
  it("names a favourites ZIP and an untitled gallery in each language", async () => {
    const expected = {
      pt: ["Show (favoritos).zip", "galeria.zip"],
      en: ["Show (favourites).zip", "gallery.zip"],
      es: ["Show (favoritas).zip", "galería.zip"],
      fr: ["Show (favoris).zip", "galerie.zip"],
    } as const;
    for (const [locale, [favourites, untitled]] of Object.entries(expected)) {
      const t = await translator(locale as keyof typeof expected);
      expect(zipFileName("Show", "favourites", t)).toBe(favourites);
      expect(zipFileName(' ../"*', "all", t)).toBe(untitled);
      expect(zipFileName("Noite: de/Verão", "all", t)).toBe("Noite deVerão.zip");
      expect(zipFileName("Fotos\u202egpj.exe", "all", t)).toBe("Fotosgpj.exe.zip");
    }
  });
});
