import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TranslationEngine } from "@/lib/features/translation/engines/engine";
import { setEngineForTests } from "@/lib/features/translation/engines/select";
import { sourceHash } from "@/lib/features/translation/fields";
import { ENGINE_REQUESTS_PER_HOUR } from "@/lib/features/translation/versions";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { revalidateTag } from "./support/next-mocks";
import { auditRows, createContentRow, createEventRow, createTenant, type Tenant } from "./support/tenants";

// The admin review's actions as Next calls them (the caller from the session cookie): their
// validation, permissions per entity, refusal of other companies' texts, the bulk run's rate
// limit, and the source language.

let h: AuthHarness;
let actions: typeof import("@/lib/features/translation/actions");
let a: Tenant;
let b: Tenant;
let eventId: string;
let contentId: string;
let theirEvent: string;

const tagging: TranslationEngine = {
  name: "deepl",
  translate: async (texts, _from, to) => texts.map((t) => `[${to}] ${t}`),
};

beforeAll(async () => {
  h = await startAuthHarness();
  actions = await import("@/lib/features/translation/actions");
  [a, b] = [await createTenant(h.prisma, { users: h }), await createTenant(h.prisma, { users: h })];
  await h.prisma.company.update({ where: { id: a.id }, data: { description: "Somos uma produtora." } });
  eventId = (await createEventRow(h.prisma, a.id, "Noite longa")).id;
  await h.prisma.event.update({ where: { id: eventId }, data: { description: "Três palcos." } });
  contentId = (await createContentRow(h.prisma, a.id, { title: "Fotos" })).id;
  theirEvent = (await createEventRow(h.prisma, b.id, "Deles")).id;
});
afterEach(() => setEngineForTests(undefined));
afterAll(async () => {
  setEngineForTests(undefined);
  await h?.close();
});

const row = (entityId: string, field: string, locale: string) =>
  h.prisma.textTranslation.findFirst({ where: { entityId, field, locale } });

describe("saveVersionAction", () => {
  it("saves a hand-typed version of the current source, trimmed, and expires the event's pages", async () => {
    await h.actAs(a.emails.manager);
    revalidateTag.mockClear();
    const result = await actions.saveVersionAction({
      entity: "event",
      entityId: eventId,
      field: "description",
      locale: "en",
      text: "  Three stages.  ",
    });
    expect(result).toEqual({ ok: true, data: undefined });
    expect(await row(eventId, "description", "en")).toMatchObject({
      companyId: a.id,
      origin: "manual",
      state: "ready",
      text: "Three stages.",
      sourceHash: sourceHash("Três palcos.", "pt"),
    });
    expect(revalidateTag).toHaveBeenCalledWith(`event:${eventId}`, { expire: 0 });
  });

  it('"" removes the hand-typed version and queues an automatic one', async () => {
    setEngineForTests(tagging);
    await h.actAs(a.emails.admin);
    expect(
      await actions.saveVersionAction({
        entity: "event",
        entityId: eventId,
        field: "description",
        locale: "en",
        text: "",
      }),
    ).toMatchObject({ ok: true });
    expect(await row(eventId, "description", "en")).toMatchObject({ origin: "automatic", state: "pending" });
  });

  it("validates the entity, the field, the locale, the text and its cap", async () => {
    await h.actAs(a.emails.admin);
    const base = { entity: "event" as const, entityId: eventId, field: "name", locale: "fr", text: "Nuit" };
    for (const bad of [
      { ...base, field: "slug" },
      { ...base, entity: "company" as const, field: "name" },
      { ...base, locale: "de" },
      { ...base, text: "x".repeat(201) },
      { ...base, text: "bidi \u202e override" },
      { ...base, extra: 1 },
    ]) {
      expect(await actions.saveVersionAction(bad)).toMatchObject({ ok: false, code: "validation" });
    }
    // The source locale is the text itself, not a version.
    expect(await actions.saveVersionAction({ ...base, locale: "pt" })).toMatchObject({
      ok: false,
      message: "translation.errors.sourceLocale",
    });
    // The description's cap is 5000, the name's 200.
    expect(
      await actions.saveVersionAction({ ...base, field: "description", text: "x".repeat(300) }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("refuses another company's event as not found, and a manager the company's texts", async () => {
    await h.actAs(a.emails.admin);
    expect(
      await actions.saveVersionAction({
        entity: "event",
        entityId: theirEvent,
        field: "name",
        locale: "en",
        text: "X",
      }),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(
      await actions.saveVersionAction({
        entity: "company",
        entityId: b.id,
        field: "description",
        locale: "en",
        text: "X",
      }),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(await h.prisma.textTranslation.count({ where: { companyId: b.id } })).toBe(0);

    await h.actAs(a.emails.manager);
    expect(
      await actions.saveVersionAction({
        entity: "company",
        entityId: a.id,
        field: "description",
        locale: "en",
        text: "X",
      }),
    ).toMatchObject({ ok: false, code: "forbidden" });
    await h.actAs(a.emails.admin);
    expect(
      await actions.saveVersionAction({
        entity: "company",
        entityId: a.id,
        field: "description",
        locale: "en",
        text: "We are",
      }),
    ).toMatchObject({ ok: true });
    expect(
      (await auditRows(h.prisma, a.id, "admin_privileged_action")).some((r) =>
        JSON.stringify(r.details).includes("translation_saved"),
      ),
    ).toBe(true);
  });
});

describe("translateAgainAction", () => {
  it("drops a hand-typed version and queues an engine run; with no engine it says so", async () => {
    setEngineForTests(tagging);
    await h.actAs(a.emails.admin);
    await actions.saveVersionAction({
      entity: "content",
      entityId: contentId,
      field: "title",
      locale: "es",
      text: "Mías",
    });
    expect(
      await actions.translateAgainAction({
        entity: "content",
        entityId: contentId,
        field: "title",
        locale: "es",
      }),
    ).toEqual({
      ok: true,
      data: undefined,
    });
    // The hand-typed text is dropped: fans see the source until the engine's version is ready.
    expect(await row(contentId, "title", "es")).toMatchObject({
      origin: "automatic",
      state: "pending",
      text: null,
    });
    setEngineForTests(null);
    expect(
      await actions.translateAgainAction({
        entity: "content",
        entityId: contentId,
        field: "title",
        locale: "es",
      }),
    ).toMatchObject({ ok: false, message: "translation.errors.noEngine" });
  });
});

describe("engine requests per company", () => {
  it("caps 'translate again' and 'back to automatic' per hour, and source-language changes per minute", async () => {
    setEngineForTests(tagging);
    const c = await createTenant(h.prisma, { users: h });
    const event = (await createEventRow(h.prisma, c.id)).id;
    await h.actAs(c.emails.admin);
    const again = () =>
      actions.translateAgainAction({ entity: "event", entityId: event, field: "name", locale: "en" });
    for (let i = 0; i < ENGINE_REQUESTS_PER_HOUR; i++) expect(await again()).toMatchObject({ ok: true });
    expect(await again()).toMatchObject({ ok: false, code: "rate_limited" });
    expect(
      await actions.saveVersionAction({
        entity: "event",
        entityId: event,
        field: "name",
        locale: "en",
        text: "",
      }),
    ).toMatchObject({ ok: false, code: "rate_limited" });

    expect(await actions.setSourceLocaleAction({ sourceLocale: "es" })).toMatchObject({ ok: true });
    expect(await actions.setSourceLocaleAction({ sourceLocale: "pt" })).toMatchObject({
      ok: false,
      code: "rate_limited",
    });
  });
});

describe("translateEverythingAction", () => {
  it("queues a version for every text lacking one, once a minute", async () => {
    setEngineForTests(tagging);
    await h.actAs(b.emails.manager);
    const first = await actions.translateEverythingAction();
    // B's one event name, in en/es/fr (B has no description and no contents).
    expect(first).toEqual({ ok: true, data: { queued: 3 } });
    expect(await h.prisma.textTranslation.count({ where: { companyId: b.id, state: "pending" } })).toBe(3);
    expect(await actions.translateEverythingAction()).toMatchObject({
      ok: false,
      code: "rate_limited",
      message: "translation.errors.rateLimited",
    });
    // Nothing of A's was touched by B's run.
    expect(
      await h.prisma.textTranslation.count({
        where: { companyId: a.id, entityId: { not: a.id }, field: "name" },
      }),
    ).toBe(0);
  });
});

describe("setSourceLocaleAction", () => {
  it("re-hashes: automatic versions pending, hand-typed ones stale, the new source locale's versions gone", async () => {
    setEngineForTests(tagging);
    const c = await createTenant(h.prisma, { users: h });
    const ev = (await createEventRow(h.prisma, c.id, "Night of stages")).id;
    const hash = sourceHash("Night of stages", "pt");
    await h.prisma.textTranslation.createMany({
      data: [
        {
          companyId: c.id,
          entity: "event",
          entityId: ev,
          field: "name",
          locale: "en",
          text: "N",
          origin: "automatic",
          state: "ready",
          sourceHash: hash,
        },
        {
          companyId: c.id,
          entity: "event",
          entityId: ev,
          field: "name",
          locale: "es",
          text: "Noche",
          origin: "automatic",
          state: "ready",
          sourceHash: hash,
        },
        {
          companyId: c.id,
          entity: "event",
          entityId: ev,
          field: "name",
          locale: "fr",
          text: "Nuit",
          origin: "manual",
          state: "ready",
          sourceHash: hash,
        },
      ],
    });
    await h.actAs(c.emails.manager);
    expect(await actions.setSourceLocaleAction({ sourceLocale: "en" })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    await h.actAs(c.emails.admin);
    expect(await actions.setSourceLocaleAction({ sourceLocale: "xx" })).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(await actions.setSourceLocaleAction({ sourceLocale: "en" })).toEqual({
      ok: true,
      data: undefined,
    });
    const rows = await h.prisma.textTranslation.findMany({
      where: { entityId: ev },
      orderBy: { locale: "asc" },
    });
    const newHash = sourceHash("Night of stages", "en");
    expect(rows.map((r) => [r.locale, r.origin, r.state, r.sourceHash === newHash])).toEqual([
      ["es", "automatic", "pending", true],
      ["fr", "manual", "ready", false],
      ["pt", "automatic", "pending", true],
    ]);
    expect((await h.prisma.company.findUniqueOrThrow({ where: { id: c.id } })).sourceLocale).toBe("en");
  });
});
