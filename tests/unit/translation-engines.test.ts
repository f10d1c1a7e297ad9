import { describe, expect, it } from "vitest";
import {
  apertiumRoute,
  joinForApertium,
  parseModes,
  splitApertiumOutput,
} from "@/lib/features/translation/engines/apertium";
import { batches, inBatches, TranslationEngineError } from "@/lib/features/translation/engines/engine";
import {
  deeplBaseUrl,
  deeplRequest,
  errorForStatus,
  libreTranslateRequest,
  parseDeeplAnswer,
  parseLibreTranslateAnswer,
} from "@/lib/features/translation/engines/http-engines";
import { chooseEngine, type EngineSettings } from "@/lib/features/translation/engines/select";

const debian = new Set(["pt-es", "es-pt", "spa-eng", "eng-spa", "fr-es", "es-fr", "es-pt_BR", "spa-eng_US"]);

describe("the Apertium route table", () => {
  it("uses a direct mode where one is installed, with Apertium's names for English", () => {
    expect(apertiumRoute("pt", "es", debian)).toEqual(["pt-es"]);
    expect(apertiumRoute("es", "en", debian)).toEqual(["spa-eng"]);
    expect(apertiumRoute("en", "es", debian)).toEqual(["eng-spa"]);
    expect(apertiumRoute("fr", "es", debian)).toEqual(["fr-es"]);
  });

  it("pivots through Spanish where no direct pair exists", () => {
    expect(apertiumRoute("pt", "en", debian)).toEqual(["pt-es", "spa-eng"]);
    expect(apertiumRoute("en", "pt", debian)).toEqual(["eng-spa", "es-pt"]);
    expect(apertiumRoute("en", "fr", debian)).toEqual(["eng-spa", "es-fr"]);
    expect(apertiumRoute("fr", "pt", debian)).toEqual(["fr-es", "es-pt"]);
    expect(apertiumRoute("pt", "fr", debian)).toEqual(["pt-es", "es-fr"]);
  });

  it("has no route when a leg is missing, and prefers a direct pair when one is installed", () => {
    expect(apertiumRoute("pt", "en", new Set(["pt-es"]))).toBeNull();
    expect(apertiumRoute("es", "fr", new Set(["pt-es"]))).toBeNull();
    expect(apertiumRoute("pt", "en", new Set([...debian, "por-eng"]))).toEqual(["por-eng"]);
  });

  it("reads `apertium -l`", () => {
    expect(parseModes("  eco-es-fr\n  es-pt\n  spa-eng_US\n\n")).toEqual(
      new Set(["eco-es-fr", "es-pt", "spa-eng_US"]),
    );
  });
});

describe("Apertium batching", () => {
  it("joins texts with numbered markers and splits the answer back in order", () => {
    const joined = joinForApertium(["Olá", "Duas\nlinhas"], 500);
    expect(joined).toBe("Olá\n\n@@@500@@@\n\nDuas\nlinhas\n\n@@@501@@@\n\n");
    expect(splitApertiumOutput("Hola\n\n@@@500@@@\n\nDos\nlíneas\n\n@@@501@@@\n\n", 2, 500)).toEqual([
      "Hola",
      "Dos\nlíneas",
    ]);
  });

  it("refuses an answer whose markers did not come back as sent (a text held one)", () => {
    expect(splitApertiumOutput("a @@@500@@@ b @@@500@@@ c @@@501@@@", 2, 500)).toBeNull();
    expect(splitApertiumOutput("a @@@500@@@ b", 2, 500)).toBeNull();
    expect(splitApertiumOutput("a @@@500@@@ b @@@502@@@", 2, 500)).toBeNull();
    expect(splitApertiumOutput("a @@@500@@@ b @@@501@@@ trailing", 2, 500)).toBeNull();
  });

  it("cuts batches by size and count, never leaving one empty", () => {
    expect(batches(["aaaa", "bb", "cc", "dddddd"], 6, 10)).toEqual([["aaaa", "bb"], ["cc"], ["dddddd"]]);
    expect(batches(["a", "b", "c"], 100, 2)).toEqual([["a", "b"], ["c"]]);
    expect(batches([], 10, 10)).toEqual([]);
  });

  it("joins the batches' answers and refuses a short answer", async () => {
    await expect(
      inBatches(["a", "b", "c"], { maxChars: 100, maxItems: 2 }, async (b) => b.map((t) => t.toUpperCase())),
    ).resolves.toEqual(["A", "B", "C"]);
    await expect(
      inBatches(["a", "b"], { maxChars: 100, maxItems: 5 }, async () => ["A"]),
    ).rejects.toBeInstanceOf(TranslationEngineError);
  });
});

describe("DeepL requests", () => {
  it("free keys use the free host; an override wins", () => {
    expect(deeplBaseUrl("abc:fx")).toBe("https://api-free.deepl.com");
    expect(deeplBaseUrl("abc")).toBe("https://api.deepl.com");
    expect(deeplBaseUrl("abc", "http://127.0.0.1:9/")).toBe("http://127.0.0.1:9");
  });

  it("sends the texts with the key header, European Portuguese and British English", () => {
    const spec = deeplRequest(["Olá", "Adeus"], "pt", "en", "k:fx", "https://api-free.deepl.com");
    expect(spec).toEqual({
      url: "https://api-free.deepl.com/v2/translate",
      headers: { authorization: "DeepL-Auth-Key k:fx", "content-type": "application/json" },
      body: { text: ["Olá", "Adeus"], source_lang: "PT", target_lang: "EN-GB" },
    });
    expect(deeplRequest(["Hi"], "en", "pt", "k", "x").body).toMatchObject({
      source_lang: "EN",
      target_lang: "PT-PT",
    });
    expect(deeplRequest(["Hi"], "en", "fr", "k", "x").body).toMatchObject({ target_lang: "FR" });
  });

  it("reads the answer and refuses another shape", () => {
    expect(parseDeeplAnswer({ translations: [{ detected_source_language: "PT", text: "Hello" }] })).toEqual([
      "Hello",
    ]);
    expect(() => parseDeeplAnswer({ translations: [{ text: 3 }] })).toThrow(TranslationEngineError);
    expect(() => parseDeeplAnswer(null)).toThrow(TranslationEngineError);
  });

  it("maps the error statuses to reasons", () => {
    expect(errorForStatus(429).key).toBe("translation.errors.rateLimited");
    expect(errorForStatus(456).key).toBe("translation.errors.quotaExceeded");
    expect(errorForStatus(403).key).toBe("translation.errors.unavailable");
    expect(errorForStatus(503).key).toBe("translation.errors.failed");
  });
});

describe("LibreTranslate requests", () => {
  it("sends the texts as an array, plain text, with the key only when there is one", () => {
    expect(libreTranslateRequest(["Olá"], "pt", "es", "http://lt.local/", "key")).toEqual({
      url: "http://lt.local/translate",
      headers: { "content-type": "application/json" },
      body: { q: ["Olá"], source: "pt", target: "es", format: "text", api_key: "key" },
    });
    expect(libreTranslateRequest(["Olá"], "pt", "es", "http://lt.local", undefined).body).not.toHaveProperty(
      "api_key",
    );
  });

  it("reads the answer and refuses another shape", () => {
    expect(parseLibreTranslateAnswer({ translatedText: ["Hola"] })).toEqual(["Hola"]);
    expect(() => parseLibreTranslateAnswer({ translatedText: "Hola" })).toThrow(TranslationEngineError);
  });
});

describe("engine selection", () => {
  const none: EngineSettings = { apertiumPath: "apertium" };
  it("takes the first configured of DeepL, LibreTranslate, Apertium (installed)", () => {
    const all = { ...none, deeplApiKey: "k", libreTranslateUrl: "http://lt.local" };
    expect(chooseEngine(all, debian)?.name).toBe("deepl");
    expect(chooseEngine({ ...none, libreTranslateUrl: "http://lt.local" }, debian)?.name).toBe(
      "libretranslate",
    );
    expect(chooseEngine(none, debian)?.name).toBe("apertium");
  });

  it("has none when Apertium is not installed or turned off and nothing else is configured", () => {
    expect(chooseEngine(none, new Set())).toBeNull();
    expect(chooseEngine({ apertiumPath: "off" }, debian)).toBeNull();
  });
});
