import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import pt from "@/messages/pt.json";
import {
  engineErrorKey,
  isHandEdited,
  summarise,
  versionBadge,
  versionsOf,
} from "@/components/translation/review-status";
import type { VersionStatus } from "@/lib/features/translation/fields";
import type { FieldVersion, FieldVersions } from "@/lib/features/translation/review-types";

const version = (status: VersionStatus, over: Partial<FieldVersion> = {}): FieldVersion => ({
  locale: "en",
  text: "Hello",
  status,
  engine: "apertium",
  error: null,
  ...over,
});

describe("versionBadge", () => {
  it("maps each status to its badge", () => {
    expect(versionBadge(version("automatic"))).toEqual({ tone: "sky", label: "automatic", explain: null });
    expect(versionBadge(version("edited", { engine: null }))).toEqual({
      tone: "emerald",
      label: "edited",
      explain: null,
    });
    expect(versionBadge(version("pending", { text: null, engine: null })).label).toBe("pending");
    expect(versionBadge(version("failed", { text: null })).label).toBe("failed");
    expect(versionBadge(version("missing", { text: null, engine: null })).label).toBe("missing");
  });

  it("tells a stale hand-edited version (needs review) from a stale automatic one (being redone)", () => {
    expect(versionBadge(version("stale", { engine: null })).label).toBe("needsReview");
    expect(versionBadge(version("stale", { engine: "deepl" })).label).toBe("updating");
    // No text and no engine: an engine run is due, nothing typed by hand to review.
    expect(versionBadge(version("stale", { engine: null, text: null })).label).toBe("updating");
  });

  it("has every label and explanation in all four languages", () => {
    const statuses: VersionStatus[] = ["automatic", "edited", "stale", "pending", "failed", "missing"];
    const badges = statuses.flatMap((s) => [
      versionBadge(version(s)),
      versionBadge(version(s, { engine: null })),
    ]);
    for (const messages of [pt, en, es, fr]) {
      const review = messages.settings.languages.review as {
        status: Record<string, string>;
        explain: Record<string, string>;
      };
      for (const badge of badges) {
        expect(review.status[badge.label], badge.label).toBeTruthy();
        if (badge.explain) expect(review.explain[badge.explain], badge.explain).toBeTruthy();
      }
    }
  });
});

describe("isHandEdited", () => {
  it("is true for edited and for stale versions no engine made", () => {
    expect(isHandEdited(version("edited"))).toBe(true);
    expect(isHandEdited(version("stale", { engine: null }))).toBe(true);
    expect(isHandEdited(version("stale"))).toBe(false);
    expect(isHandEdited(version("automatic"))).toBe(false);
    expect(isHandEdited(version("missing", { engine: null, text: null }))).toBe(false);
  });
});

describe("engineErrorKey", () => {
  it("prefixes bare keys, keeps full ones, and never passes free text through", () => {
    expect(engineErrorKey("timeout")).toBe("translation.errors.timeout");
    expect(engineErrorKey("translation.errors.quota")).toBe("translation.errors.quota");
    expect(engineErrorKey("ECONNREFUSED 127.0.0.1:5000")).toBeNull();
    expect(engineErrorKey(null)).toBeNull();
  });
});

describe("versionsOf and summarise", () => {
  const field: FieldVersions = {
    entity: "event",
    entityId: "e1",
    field: "description",
    sourceLocale: "pt",
    sourceText: "Olá",
    versions: [
      version("automatic"),
      version("stale", { locale: "fr", engine: null }),
      version("failed", { locale: "es", text: null }),
    ],
  };

  it("finds a field's review data, or null", () => {
    expect(versionsOf([field], "description")).toBe(field);
    expect(versionsOf([field], "name")).toBeNull();
  });

  it("counts versions with text and those needing attention", () => {
    expect(summarise(field.versions)).toEqual({ withText: 2, attention: 2 });
  });
});
