import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db as prisma } from "@/lib/core/db";
import { loadCompany } from "@/lib/surfaces/public-site/load-company";
import { loadOpenEventPage } from "./support/event-page";
import { loadLanding } from "@/lib/surfaces/public-site/load-landing";
import { loadOgSubject } from "@/lib/surfaces/public-site/load-og-subject";
import { loadPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { pickText } from "@/lib/surfaces/public-site/texts";
import { sourceHash } from "@/lib/features/translation/fields";

/**
 * What fans read of the organiser's texts (issue #15): the versions in `text_translation`,
 * shown by `isShownToFans` against the current source, picked by the fallback chain.
 */
const C = "co-texts";
const ES = "co-texts-es";

type Version = {
  entity: "company" | "event" | "content";
  entityId: string;
  field: string;
  locale: string;
  text: string;
  origin?: "automatic" | "manual";
  state?: "pending" | "ready" | "failed";
  /** The source the version was made from (default: the current one). */
  from: string;
  fromLocale?: "pt" | "es";
  companyId?: string;
};

const version = (v: Version) =>
  prisma.textTranslation.create({
    data: {
      companyId: v.companyId ?? C,
      entity: v.entity,
      entityId: v.entityId,
      field: v.field,
      locale: v.locale,
      text: v.text,
      origin: v.origin ?? "automatic",
      state: v.state ?? "ready",
      sourceHash: sourceHash(v.from, v.fromLocale ?? "pt"),
    },
  });

beforeAll(async () => {
  await prisma.company.create({
    data: {
      id: C,
      slug: "texts",
      name: "Texts",
      description: "Fotos do festival",
      landingPageName: "Galeria",
    },
  });
  await prisma.event.create({
    data: {
      id: "tx-ev",
      slug: "tx-festival",
      companyId: C,
      name: "Festival de Verão",
      description: "Três dias de música na praia.",
      startsAt: new Date("2026-07-18T19:00:00Z"),
      status: "published",
      isPublic: true,
    },
  });
  for (const id of ["tx-c1", "tx-c2"]) {
    await prisma.content.create({
      data: {
        id,
        companyId: C,
        title: `Concerto ${id}`,
        description: "Ao vivo",
        kind: "single",
        status: "published",
      },
    });
    await prisma.contentEvent.create({
      data: { contentId: id, eventId: "tx-ev", position: id === "tx-c1" ? 0 : 1 },
    });
  }
  await version({
    entity: "company",
    entityId: C,
    field: "description",
    locale: "en",
    text: "Festival photos",
    from: "Fotos do festival",
  });
  // event description: a ready automatic version (en), a stale automatic one (es), a stale hand-edited one (fr)
  const desc = { entity: "event", entityId: "tx-ev", field: "description" } as const;
  await version({
    ...desc,
    locale: "en",
    text: "Three days of music on the beach.",
    from: "Três dias de música na praia.",
  });
  await version({ ...desc, locale: "es", text: "Dos días de música.", from: "Dois dias de música." });
  await version({
    ...desc,
    locale: "fr",
    text: "Trois jours de musique.",
    origin: "manual",
    from: "Dois dias de música.",
  });
  // event name: pending (not shown) in en; manual in es
  const name = { entity: "event", entityId: "tx-ev", field: "name" } as const;
  await version({ ...name, locale: "en", text: "Old name", state: "pending", from: "Festival de Verão" });
  await version({
    ...name,
    locale: "es",
    text: "Festival de Verano",
    origin: "manual",
    from: "Festival de Verão",
  });
  await version({
    entity: "content",
    entityId: "tx-c1",
    field: "title",
    locale: "en",
    text: "Concert one",
    from: "Concerto tx-c1",
  });
  // Another tenant's row naming this event must never be read.
  await prisma.company.create({ data: { id: "co-texts-other", slug: "texts-other", name: "Other" } });
  await version({
    ...name,
    locale: "fr",
    text: "Intrus",
    origin: "manual",
    from: "Festival de Verão",
    companyId: "co-texts-other",
  });

  // A company writing in Spanish.
  await prisma.company.create({
    data: { id: ES, slug: "texts-es", name: "Textos", sourceLocale: "es", description: "Fotos del festival" },
  });
  await version({
    entity: "company",
    entityId: ES,
    field: "description",
    locale: "pt",
    text: "Fotos do festival",
    from: "Fotos del festival",
    fromLocale: "es",
    companyId: ES,
  });
});

afterEach(() => vi.restoreAllMocks());

describe("public pages read the organiser's texts in the fan's language", () => {
  it("shows a ready automatic version in its locale, marked automatic, with the original", async () => {
    const data = (await loadOpenEventPage("tx-festival", C))!;
    expect(pickText(data.event.texts.description, "en")).toEqual({
      text: "Three days of music on the beach.",
      lang: "en",
      automatic: true,
      original: "Três dias de música na praia.",
      originalLang: "pt",
    });
    expect(pickText(data.contents[0]!.texts.title, "en")).toMatchObject({
      text: "Concert one",
      automatic: true,
    });
  });

  it("shows the source instead of a stale automatic version", async () => {
    const data = (await loadOpenEventPage("tx-festival", C))!;
    expect(data.event.texts.description.byLocale.es).toBeUndefined();
    // es → en (a ready version) before the source, as the chain says
    expect(pickText(data.event.texts.description, "es")).toMatchObject({ lang: "en" });
    // with no English either, the Portuguese source
    expect(pickText(data.event.texts.name, "en")).toEqual({
      text: "Festival de Verão",
      lang: "pt",
      automatic: false,
      original: "Festival de Verão",
      originalLang: "pt",
    });
  });

  it("shows a hand-edited version even when its source changed since, with no automatic note", async () => {
    const data = (await loadOpenEventPage("tx-festival", C))!;
    expect(pickText(data.event.texts.description, "fr")).toMatchObject({
      text: "Trois jours de musique.",
      automatic: false,
    });
    expect(pickText(data.event.texts.name, "es")).toMatchObject({
      text: "Festival de Verano",
      automatic: false,
    });
    expect(data.event.texts.description.automatic).toEqual(["en"]);
  });

  it("never reads another company's rows for its entities", async () => {
    const data = (await loadOpenEventPage("tx-festival", C))!;
    expect(JSON.stringify(data)).not.toContain("Intrus");
    expect(pickText(data.event.texts.name, "fr")?.text).toBe("Festival de Verão");
  });

  it("applies the chain to the company on every page, and to a source in Spanish", async () => {
    const landing = (await loadLanding(C))!;
    expect(pickText(landing.company.description, "fr")).toMatchObject({
      text: "Festival photos",
      lang: "en",
    });
    expect(pickText(landing.events[0]!.texts.description, "en")?.text).toBe(
      "Three days of music on the beach.",
    );
    const es = (await loadCompany(ES))!;
    expect(es.sourceLocale).toBe("es");
    expect(pickText(es.description, "es")).toMatchObject({
      text: "Fotos del festival",
      lang: "es",
      automatic: false,
    });
    expect(pickText(es.description, "fr")).toMatchObject({
      text: "Fotos do festival",
      lang: "pt",
      originalLang: "es",
    });
    expect(pickText(es.description, "en")).toMatchObject({ text: "Fotos do festival", lang: "pt" });
    const player = (await loadPlayerPage("tx-c1", C))!;
    if (player.state !== "ok") throw new Error(`player page ${player.state}`);
    expect(pickText(player.content.texts.title, "en")?.text).toBe("Concert one");
    expect(pickText(player.events[0]!.texts.name, "es")?.text).toBe("Festival de Verano");
  });

  it("reads a page's versions in one query", async () => {
    const spy = vi.spyOn(prisma.textTranslation, "findMany");
    await loadOpenEventPage("tx-festival", C);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    await loadLanding(C);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    await loadPlayerPage("tx-c1", C);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("titles share images in the image's language", async () => {
    expect((await loadOgSubject("content", "tx-c1", "en"))?.title).toBe("Concert one");
    expect((await loadOgSubject("content", "tx-c1", "pt"))?.title).toBe("Concerto tx-c1");
    expect((await loadOgSubject("content", "tx-c1", "es"))?.event?.name).toBe("Festival de Verano");
    expect((await loadOgSubject("company", C, "en"))?.description).toBe("Festival photos");
  });
});
