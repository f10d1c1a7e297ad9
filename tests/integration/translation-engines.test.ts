import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apertiumEngine, installedModes } from "@/lib/features/translation/engines/apertium";
import { TranslationEngineError, type TranslationEngine } from "@/lib/features/translation/engines/engine";
import { deeplEngine, libreTranslateEngine } from "@/lib/features/translation/engines/http-engines";
import { selectEngine } from "@/lib/features/translation/engines/select";
import { missingApertium, titled } from "../support/tools";
import {
  startFakeDeepl,
  startFakeLibreTranslate,
  type FakeTranslationServer,
} from "../support/translation-servers";

// The engines against the real thing: Apertium as installed (CI installs it; skipped loudly
// where it is not), DeepL and LibreTranslate against local servers speaking their HTTP APIs.

const noApertium = missingApertium();

describe("Apertium (the real CLI)", () => {
  let engine: TranslationEngine;
  beforeAll(async () => {
    if (!noApertium) engine = apertiumEngine({ command: "apertium" }, await installedModes("apertium"));
  });

  it.skipIf(noApertium)(
    titled("translates pt→es, pt→en and pt→fr (pivot through Spanish) in batches", noApertium),
    async () => {
      const texts = ["Bem-vindos ao festival.", "A noite mais longa do ano.\n\nTrês palcos."];
      const [es, en, fr] = await Promise.all([
        engine.translate(texts, "pt", "es"),
        engine.translate(texts, "pt", "en"),
        engine.translate(texts, "pt", "fr"),
      ]);
      expect(es).toHaveLength(2);
      expect(es[0]).toMatch(/festival/i);
      expect(es[1]).toMatch(/noche/i);
      expect(es[1]).toContain("\n");
      expect(en[1]).toMatch(/night/i);
      expect(en[1]).toMatch(/three/i);
      expect(fr[1]).toMatch(/nuit/i);
      // Unknown words carry no `*` mark (-u).
      expect((await engine.translate(["Xyzzyqwe festival"], "pt", "es"))[0]).not.toContain("*");
    },
  );

  it.skipIf(noApertium)(titled("translates fr→pt and en→fr through Spanish", noApertium), async () => {
    expect((await engine.translate(["La nuit est longue."], "fr", "pt"))[0]).toMatch(/noite/i);
    expect((await engine.translate(["The night is long."], "en", "fr"))[0]).toMatch(/nuit/i);
  });

  it.skipIf(noApertium)(
    titled("passes hostile text through as text, and survives a text holding a marker", noApertium),
    async () => {
      const hostile = [
        "^festa<n>$ [a] {b} /c\\ <script>alert(1)</script> $x^ @d *e #f",
        "Noite @@@123456789@@@ de festa",
        "Festa",
      ];
      const out = await engine.translate(hostile, "pt", "es");
      expect(out).toHaveLength(3);
      expect(out[0]).toContain("<script>alert(1)</script>");
      expect(out[0]).toContain("[a]");
      expect(out[0]).toContain("/c\\");
      expect(out[1]).toContain("@@@123456789@@@");
      expect(out[2]).toMatch(/fiesta/i);
    },
  );

  it.skipIf(noApertium)(titled("is chosen when nothing else is configured", noApertium), async () => {
    expect((await selectEngine({ apertiumPath: "apertium" }))?.name).toBe("apertium");
    expect(await selectEngine({ apertiumPath: "/nonexistent/apertium" })).toBeNull();
  });

  it("a run over its time limit is stopped whole, with every process the script started", async () => {
    // Like the real `apertium` script: a shell that starts a pipeline and waits for it.
    const dir = await mkdtemp(path.join(tmpdir(), "afterglow-fake-apertium-"));
    const pidFile = path.join(dir, "child.pid");
    const script = path.join(dir, "apertium");
    await writeFile(script, `#!/bin/sh\nsleep 30 &\necho $! > "${pidFile}"\nwait\n`, { mode: 0o700 });
    try {
      const slow = apertiumEngine({ command: script, timeoutMs: 300 }, new Set(["pt-es"]));
      const started = Date.now();
      await expect(slow.translate(["Olá"], "pt", "es")).rejects.toBeInstanceOf(TranslationEngineError);
      // It gives up at its limit, not when the pipeline happens to end (30 s here).
      expect(Date.now() - started).toBeLessThan(10_000);
      const child = Number(await readFile(pidFile, "utf8"));
      const alive = () => {
        try {
          process.kill(child, 0);
          return true;
        } catch {
          return false;
        }
      };
      // Killing only the script (as before) left its pipeline running, holding the answer open.
      await expect.poll(alive, { timeout: 5_000 }).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a missing executable is an engine error, not a crash", async () => {
    const broken = apertiumEngine({ command: "/nonexistent/apertium" }, new Set(["pt-es"]));
    await expect(broken.translate(["Olá"], "pt", "es")).rejects.toMatchObject({
      key: "translation.errors.unavailable",
    });
    await expect(broken.translate(["Olá"], "pt", "en")).rejects.toMatchObject({
      key: "translation.errors.unsupported",
    });
  });
});

describe("DeepL (local server speaking its API)", () => {
  let deepl: FakeTranslationServer;
  beforeAll(async () => {
    deepl = await startFakeDeepl();
  });
  afterAll(() => deepl?.close());

  it("translates a batch with the key, PT-PT and EN-GB, and cuts batches at 50 texts", async () => {
    const engine = deeplEngine({ apiKey: deepl.key, apiUrl: deepl.url });
    const texts = Array.from({ length: 60 }, (_, i) => `Texto ${i}`);
    const out = await engine.translate(texts, "pt", "en");
    expect(out[0]).toBe("[EN-GB] Texto 0");
    expect(out[59]).toBe("[EN-GB] Texto 59");
    expect(deepl.requests).toHaveLength(2);
    expect(deepl.requests[0]!.headers.authorization).toBe(`DeepL-Auth-Key ${deepl.key}`);
    expect(deepl.requests[0]!.body).toMatchObject({ source_lang: "PT", target_lang: "EN-GB" });
    expect(await engine.translate(["Hello"], "en", "pt")).toEqual(["[PT-PT] Hello"]);
  });

  it("a wrong key, a rate limit, a used-up quota and a server error are engine errors with their reason", async () => {
    const wrong = deeplEngine({ apiKey: "wrong:fx", apiUrl: deepl.url });
    await expect(wrong.translate(["a"], "pt", "en")).rejects.toMatchObject({
      key: "translation.errors.unavailable",
    });
    const engine = deeplEngine({ apiKey: deepl.key, apiUrl: deepl.url });
    deepl.fail(429);
    await expect(engine.translate(["a"], "pt", "en")).rejects.toMatchObject({
      key: "translation.errors.rateLimited",
    });
    deepl.fail(456);
    await expect(engine.translate(["a"], "pt", "en")).rejects.toMatchObject({
      key: "translation.errors.quotaExceeded",
    });
    deepl.fail(503);
    await expect(engine.translate(["a"], "pt", "en")).rejects.toMatchObject({
      key: "translation.errors.failed",
    });
    expect(await engine.translate(["a"], "pt", "es")).toEqual(["[ES] a"]);
  });

  it("is chosen first when its key is set", async () => {
    expect(
      (
        await selectEngine({
          deeplApiKey: deepl.key,
          libreTranslateUrl: "http://127.0.0.1:9",
          apertiumPath: "apertium",
        })
      )?.name,
    ).toBe("deepl");
  });
});

describe("LibreTranslate (local server speaking its API)", () => {
  let libre: FakeTranslationServer;
  beforeAll(async () => {
    libre = await startFakeLibreTranslate();
  });
  afterAll(() => libre?.close());

  it("translates a batch with the key, as plain text", async () => {
    const engine = libreTranslateEngine({ url: libre.url, apiKey: libre.key });
    expect(await engine.translate(["Olá", "Adeus"], "pt", "fr")).toEqual(["[fr] Olá", "[fr] Adeus"]);
    expect(libre.requests[0]!.body).toEqual({
      q: ["Olá", "Adeus"],
      source: "pt",
      target: "fr",
      format: "text",
      api_key: libre.key,
    });
  });

  it("a wrong key and a rate limit are engine errors with their reason", async () => {
    await expect(libreTranslateEngine({ url: libre.url }).translate(["a"], "pt", "en")).rejects.toMatchObject(
      {
        key: "translation.errors.unavailable",
      },
    );
    libre.fail(429);
    await expect(
      libreTranslateEngine({ url: libre.url, apiKey: libre.key }).translate(["a"], "pt", "en"),
    ).rejects.toMatchObject({
      key: "translation.errors.rateLimited",
    });
  });

  it("is chosen before Apertium", async () => {
    expect((await selectEngine({ libreTranslateUrl: libre.url, apertiumPath: "apertium" }))?.name).toBe(
      "libretranslate",
    );
  });
});
