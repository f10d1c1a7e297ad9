import type PgBoss from "pg-boss";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import type { Locale } from "@/lib/core/i18n/config";
import { TRANSLATION_QUEUE, type TranslationJobData } from "@/lib/core/queue/queues";
import { getBoss } from "@/lib/core/queue/sender";
import { createEvent } from "@/lib/features/events/save-event";
import type { EventInput } from "@/lib/features/events/schemas";
import { ALLOWANCE_EXHAUSTED, usageMonthKey } from "@/lib/features/translation/allowance";
import {
  TRANSLATION_ERRORS,
  TranslationEngineError,
  type TranslationEngine,
} from "@/lib/features/translation/engines/engine";
import { setEngineForTests } from "@/lib/features/translation/engines/select";
import { chargeRun, getTranslationMeter } from "@/lib/features/translation/metering";
import { loadFieldVersions } from "@/lib/features/translation/review";
import { runTranslation } from "@/lib/features/translation/run";
import { saveVersion, translateAgain } from "@/lib/features/translation/versions";
import { PLANS } from "@/lib/platform/plans/limits";
import { handleTranslationJob } from "@/lib/surfaces/workers/translation";
import { createTenant, type Tenant } from "./support/tenants";

// The monthly translation allowance through the real run: characters counted per company per
// calendar month, under a lock (parallel runs never pass it), once per source (a retry is free),
// and what does not fit waits — visibly — while hand-typed versions always work.

function taggingEngine(): TranslationEngine & { translate: ReturnType<typeof vi.fn> } {
  return {
    name: "deepl",
    translate: vi.fn(async (texts: string[], _from: Locale, to: Locale) => texts.map((t) => `[${to}] ${t}`)),
  };
}

let n = 0;
const eventInput = (description: string, name = `Festa ${++n}`): EventInput => ({
  name,
  slug: `festa-allowance-${n}-${Date.now()}`,
  description,
  date: "2026-07-18",
  time: "20:00",
  timeZone: "Europe/Lisbon",
  status: "published",
  isPublic: true,
});

const usage = async (companyId: string, now = new Date()) =>
  (
    await db.$queryRaw<{ characters: number }[]>`
      SELECT characters FROM translation_usage WHERE "companyId" = ${companyId} AND month = ${usageMonthKey(now)}::date`
  )[0]?.characters ?? 0;
const setUsage = (companyId: string, characters: number, now = new Date()) =>
  db.$executeRaw`
    INSERT INTO translation_usage ("companyId", month, characters, "updatedAt")
    VALUES (${companyId}, ${usageMonthKey(now)}::date, ${characters}, now())
    ON CONFLICT ("companyId", month) DO UPDATE SET characters = EXCLUDED.characters`;
const version = (entityId: string, field: string, locale: Locale) =>
  db.textTranslation.findFirstOrThrow({ where: { entityId, field, locale } });

/** An event whose texts wait as pending automatic versions (the engine is set while saving). */
async function eventWithTexts(tenant: Tenant, description: string, name?: string) {
  setEngineForTests(taggingEngine());
  return createEvent(tenant.as("admin"), eventInput(description, name));
}

afterEach(() => setEngineForTests(undefined));

const STARTER = PLANS.starter.translationCharsPerMonth;

describe("the monthly translation allowance", () => {
  it("counts source characters × target languages, per company", async () => {
    const tenant = await createTenant(db);
    const other = await createTenant(db);
    const event = await eventWithTexts(tenant, "A noite mais longa.", "Noite");
    const engine = taggingEngine();
    for (const locale of ["en", "es", "fr"] as const) await runTranslation(tenant.id, locale, engine);
    // "Noite" (5) + "A noite mais longa." (19), into three languages.
    expect(await usage(tenant.id)).toBe((5 + 19) * 3);
    expect(await usage(other.id)).toBe(0);
    expect(await version(event.id, "description", "fr")).toMatchObject({ state: "ready" });
    expect(await getTranslationMeter(tenant.id)).toMatchObject({
      used: 72,
      allowance: STARTER,
      exhausted: false,
      plan: "starter",
      canGrow: true,
    });
  });

  it("holds back what does not fit: the version waits, the organiser sees why, nothing is sent", async () => {
    const tenant = await createTenant(db);
    const other = await createTenant(db);
    const event = await eventWithTexts(tenant, "x".repeat(200), "Noite");
    await setUsage(tenant.id, STARTER - 100);
    // The other company's full month does not touch this one, nor the reverse.
    await setUsage(other.id, STARTER);
    const engine = taggingEngine();
    const outcome = await runTranslation(tenant.id, "en", engine);
    // The name (5) fits and goes; the description (200) waits.
    expect(engine.translate).toHaveBeenCalledWith(["Noite"], "pt", "en");
    expect(outcome).toMatchObject({ translated: 1, more: false });
    expect(await usage(tenant.id)).toBe(STARTER - 95);
    expect(await version(event.id, "description", "en")).toMatchObject({
      state: "pending",
      error: ALLOWANCE_EXHAUSTED,
      text: null,
    });
    const review = await loadFieldVersions(tenant.as("admin"), "event", event.id);
    expect(review.find((f) => f.field === "description")!.versions[0]).toMatchObject({
      locale: "en",
      status: "waiting",
      error: ALLOWANCE_EXHAUSTED,
    });
    expect(await getTranslationMeter(tenant.id)).toMatchObject({ exhausted: true, waiting: 1 });

    // A later run (the schedule's) sends nothing more and counts nothing more.
    await runTranslation(tenant.id, "en", engine);
    expect(engine.translate).toHaveBeenCalledTimes(1);
    expect(await usage(tenant.id)).toBe(STARTER - 95);

    // Typed by hand: always possible, shown to fans at once, counts nothing.
    await saveVersion(
      tenant.as("admin"),
      { entity: "event", entityId: event.id, field: "description", locale: "en" },
      "Written by hand.",
    );
    expect(await version(event.id, "description", "en")).toMatchObject({
      origin: "manual",
      state: "ready",
      text: "Written by hand.",
    });
    expect(await usage(tenant.id)).toBe(STARTER - 95);
    expect(await usage(other.id)).toBe(STARTER);
  });

  it("counts per calendar month (UTC): a full November leaves December untouched", async () => {
    const tenant = await createTenant(db);
    const november = new Date("2026-11-30T23:59:00Z");
    const december = new Date("2026-12-01T00:01:00Z");
    await setUsage(tenant.id, STARTER, november);
    const rows = [{ id: "not-a-row", text: "Olá", hash: "h" }];
    expect((await chargeRun(tenant.id, rows, november)).send.size).toBe(0);
    expect((await chargeRun(tenant.id, rows, december)).send.size).toBe(1);
    expect(await usage(tenant.id, november)).toBe(STARTER);
    expect(await usage(tenant.id, december)).toBe(3);
  });

  it("never passes the allowance under parallel runs", async () => {
    const tenant = await createTenant(db);
    // Twelve texts of 5,000 characters into three languages: 180,000 asked, 30,000 allowed.
    const events = [];
    for (let i = 0; i < 4; i++)
      events.push(await eventWithTexts(tenant, `${i}`.repeat(5000), `${"n".repeat(10)}${i}`));
    const engine = taggingEngine();
    // One run per language at once, as the worker runs them (its singleton key is company:locale).
    await Promise.all(
      (["en", "es", "fr"] as const).map((locale) => runTranslation(tenant.id, locale, engine)),
    );
    const used = await usage(tenant.id);
    expect(used).toBeLessThanOrEqual(STARTER);
    // Exactly what was sent was counted: every text the engine saw, once per language.
    const sent = engine.translate.mock.calls.flatMap(([texts, , to]) =>
      (texts as string[]).map((t) => `${to as string}:${t}`),
    );
    expect(new Set(sent).size).toBe(sent.length);
    expect(used).toBe(sent.reduce((sum, s) => sum + s.length - 3, 0));
    expect(used).toBeGreaterThan(STARTER - 5000);

    // The lock itself: twenty parallel charges of 5,000 into an empty month, six fit.
    const fresh = await createTenant(db);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        chargeRun(fresh.id, [{ id: `none-${i}`, text: "y".repeat(5000), hash: `${i}` }]),
      ),
    );
    expect(outcomes.filter((o) => o.send.size === 1)).toHaveLength(STARTER / 5000);
    expect(await usage(fresh.id)).toBe(STARTER);
  });

  it("does not count a retried job twice", async () => {
    const tenant = await createTenant(db);
    const event = await eventWithTexts(tenant, "A noite mais longa.", "Noite");
    const boss: PgBoss = await getBoss();
    const job = (retryCount: number) =>
      ({
        id: "j",
        name: TRANSLATION_QUEUE,
        data: { companyId: tenant.id, locale: "en" },
        retryCount,
        retryLimit: 2,
      }) as unknown as PgBoss.JobWithMetadata<TranslationJobData>;
    const failing: TranslationEngine = {
      name: "deepl",
      translate: async () => {
        throw new TranslationEngineError(TRANSLATION_ERRORS.rateLimited, "429");
      },
    };
    await expect(handleTranslationJob(boss, job(0), { engine: failing })).rejects.toThrow(
      TranslationEngineError,
    );
    expect(await usage(tenant.id)).toBe(24);
    await handleTranslationJob(boss, job(1), { engine: taggingEngine() });
    expect(await usage(tenant.id)).toBe(24);
    expect(await version(event.id, "description", "en")).toMatchObject({
      state: "ready",
      text: "[en] A noite mais longa.",
    });

    // "Translate again" is a new request of the organiser's: it is sent, and counted, again.
    setEngineForTests(taggingEngine());
    await translateAgain(tenant.as("admin"), {
      entity: "event",
      entityId: event.id,
      field: "description",
      locale: "en",
    });
    await runTranslation(tenant.id, "en", taggingEngine());
    expect(await usage(tenant.id)).toBe(24 + 19);
  });

  it("gives a larger plan a larger allowance, and the top plan nowhere to grow", async () => {
    const tenant = await createTenant(db, { plan: "enterprise" });
    await setUsage(tenant.id, PLANS.enterprise.translationCharsPerMonth);
    expect(await getTranslationMeter(tenant.id)).toMatchObject({
      allowance: PLANS.enterprise.translationCharsPerMonth,
      percent: 100,
      exhausted: true,
      canGrow: false,
    });
  });
});
