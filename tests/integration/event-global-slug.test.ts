import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { resolveGlobalEventSlug } from "@/lib/features/events/global-slug";
import { loadOpenEventPage } from "./support/event-page";
import Page from "@/app/[locale]/event/[slug]/page";

/** Event slugs unique per company (issue #18), and what the company-less `/event/{slug}` does. */
const event = (
  id: string,
  companyId: string,
  slug: string,
  status: "draft" | "published" = "published",
  globalSlug = true,
) => ({
  id,
  companyId,
  slug,
  name: id,
  startsAt: new Date("2026-07-18T19:00:00Z"),
  status,
  isPublic: true,
  globalSlug,
});

beforeAll(async () => {
  await db.company.createMany({
    data: [
      { id: "co-gs-a", slug: "gs-a", name: "A" },
      { id: "co-gs-b", slug: "gs-b", name: "B" },
    ],
  });
  await db.event.createMany({
    data: [
      event("ev-a-shared", "co-gs-a", "festival"),
      event("ev-b-shared", "co-gs-b", "festival"),
      event("ev-a-only", "co-gs-a", "only-a"),
      event("ev-a-draft", "co-gs-a", "half", "draft"),
      event("ev-b-half", "co-gs-b", "half"),
      event("ev-b-draft", "co-gs-b", "hidden", "draft"),
      // Made after slugs became per company: never an answer of the company-less address.
      event("ev-b-later", "co-gs-b", "only-a", "published", false),
      event("ev-b-new", "co-gs-b", "brand-new", "published", false),
    ],
  });
});

/** What the page does: the error Next.js turns into a redirect or a 404, as its digest. */
async function visit(slug: string): Promise<string> {
  try {
    await Page({ params: Promise.resolve({ locale: "pt", slug }) } as Parameters<typeof Page>[0]);
  } catch (error) {
    return String((error as { digest?: string }).digest);
  }
  throw new Error("the page neither redirected nor was not found");
}

describe("event slugs per company", () => {
  it("two companies may have the same slug, each page showing its own event", async () => {
    const a = await loadOpenEventPage("festival", "co-gs-a");
    const b = await loadOpenEventPage("festival", "co-gs-b");
    expect(a?.event.id).toBe("ev-a-shared");
    expect(b?.event.id).toBe("ev-b-shared");
    expect((await loadOpenEventPage("only-a", "co-gs-b"))?.event.id).toBe("ev-b-later");
    expect(await loadOpenEventPage("brand-new", "co-gs-a")).toBeNull();
  });

  it("the database refuses a second event with the slug in the same company", async () => {
    await expect(db.event.create({ data: event("ev-a-dup", "co-gs-a", "festival") })).rejects.toMatchObject({
      code: "P2002",
    });
  });
});

describe("the company-less /event/{slug}", () => {
  it("redirects (307, not cached by browsers) to the company's event page when exactly one viewable event has the slug", async () => {
    expect(await resolveGlobalEventSlug("only-a")).toEqual({ companySlug: "gs-a", slug: "only-a" });
    expect(await resolveGlobalEventSlug("ONLY-A")).toEqual({ companySlug: "gs-a", slug: "only-a" });
    // A draft of another company does not make it ambiguous (nor is it revealed).
    expect(await resolveGlobalEventSlug("half")).toEqual({ companySlug: "gs-b", slug: "half" });
    expect(await visit("only-a")).toBe("NEXT_REDIRECT;replace;/gs-a/evento/only-a;307;");
  });

  it("is never taken over nor broken by a later company's event with the same slug", async () => {
    // ev-b-later (newer, public) has the legacy slug of ev-a-only: fans still reach A.
    expect(await resolveGlobalEventSlug("only-a")).toEqual({ companySlug: "gs-a", slug: "only-a" });
    // A hides its event: the address is not found, it does not fall through to B.
    await db.event.update({ where: { id: "ev-a-only" }, data: { isPublic: false } });
    try {
      expect(await resolveGlobalEventSlug("only-a")).toBeNull();
    } finally {
      await db.event.update({ where: { id: "ev-a-only" }, data: { isPublic: true } });
    }
  });

  it("is not found when the slug is ambiguous, unknown, only on hidden events or only on newer ones", async () => {
    for (const slug of ["festival", "nope", "hidden", "brand-new"]) {
      expect(await resolveGlobalEventSlug(slug)).toBeNull();
      expect(await visit(slug)).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    }
  });
});
