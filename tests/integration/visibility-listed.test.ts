import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import type { EventStatus, Visibility } from "@/lib/generated/prisma/enums";
import { cookieReader } from "@/lib/platform/site/gallery-access";
import { isContentListed, listedContentWhere } from "@/lib/platform/site/visibility";
import { loadOpenEventPage } from "./support/event-page";
import { loadLanding } from "@/lib/surfaces/public-site/load-landing";
import { loadOgSubject } from "@/lib/surfaces/public-site/load-og-subject";
import { loadPlayerPage, loadUnlockedPlayerPage } from "@/lib/surfaces/public-site/load-player-page";
import { createContentRow, createTenant } from "./support/tenants";

/**
 * "Listed" (issue #36: unlisted galleries and events) is written twice, as a check on rows and as
 * a Prisma filter (lib/platform/site/visibility.ts): over every content visibility, with no event
 * and with one or two events of each status and visibility, both must name the same contents.
 */
const VISIBILITIES: Visibility[] = ["public", "unlisted", "password"];
const EVENT_KINDS = (["draft", "published"] as EventStatus[]).flatMap((status) =>
  VISIBILITIES.map((visibility) => ({ status, visibility, isPublic: true })),
);
const LINKS: number[][] = [
  [],
  ...EVENT_KINDS.map((_, i) => [i]),
  ...EVENT_KINDS.flatMap((_, i) => EVENT_KINDS.slice(i + 1).map((__, k) => [i, i + 1 + k])),
];

let ids: string[] = [];

beforeAll(async () => {
  const tenant = await createTenant(db);
  const events: { id: string }[] = [];
  for (const [i, kind] of EVENT_KINDS.entries()) {
    events.push(
      await db.event.create({
        data: { companyId: tenant.id, name: `Event ${i}`, slug: `event-${i}`, startsAt: new Date(), ...kind },
      }),
    );
  }
  // Events and contents have `password` too (issue #36): never listed either.
  for (const visibility of VISIBILITIES) {
    for (const link of LINKS) {
      const content = await createContentRow(db, tenant.id, { eventIds: link.map((i) => events[i]!.id) });
      await db.content.update({ where: { id: content.id }, data: { status: "published", visibility } });
      ids.push(content.id);
    }
  }
  ids = ids.sort();
});

describe("the listed rule", () => {
  it("names the same contents as a check on rows and as a Prisma filter", async () => {
    const rows = await db.content.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        status: true,
        visibility: true,
        events: { select: { event: { select: { status: true, isPublic: true, visibility: true } } } },
      },
    });
    const byRows = rows
      .filter(isContentListed)
      .map((row) => row.id)
      .sort();
    const byPrisma = (
      await db.content.findMany({ where: { id: { in: ids }, ...listedContentWhere() }, select: { id: true } })
    )
      .map((row) => row.id)
      .sort();
    expect(byRows.length).toBeGreaterThan(0);
    expect(byRows.length).toBeLessThan(rows.filter((r) => r.visibility === "public").length);
    expect(byPrisma).toEqual(byRows);
  });
});

describe("an unlisted event and gallery", () => {
  it("are not on the landing page but open by their link", async () => {
    const tenant = await createTenant(db);
    const event = await db.event.create({
      data: {
        companyId: tenant.id,
        name: "Hidden",
        slug: "hidden",
        startsAt: new Date(),
        status: "published",
        visibility: "unlisted",
      },
    });
    const listed = await createContentRow(db, tenant.id, { title: "Listed" });
    const unlisted = await createContentRow(db, tenant.id, { title: "Unlisted" });
    await db.content.update({ where: { id: listed.id }, data: { status: "published" } });
    await db.content.update({
      where: { id: unlisted.id },
      data: { status: "published", visibility: "unlisted" },
    });

    const landing = await loadLanding(tenant.id);
    expect(landing?.events.map((e) => e.slug)).toEqual([]);
    expect(landing?.resources.map((c) => c.id)).toEqual([listed.id]);

    const page = await loadOpenEventPage("hidden", tenant.id);
    expect(page?.event.id).toBe(event.id);
    expect(page?.event.unlisted).toBe(true);
  });
});

describe("a gallery of an unlisted event", () => {
  it("names the unlisted event in no answer that shows the gallery (player page, share image)", async () => {
    // Attacker review: the player page and the gallery's share image named every viewable event
    // of the gallery, so an unlisted event (it opens by its own link alone) was given away by
    // its gallery's pages, as eventSlugs did before (3bfcd56).
    const tenant = await createTenant(db);
    const event = (name: string, slug: string, visibility: Visibility) =>
      db.event.create({
        data: { companyId: tenant.id, name, slug, startsAt: new Date(), status: "published", visibility },
      });
    const secret = await event("Secret session", "secret-session", "unlisted");
    const open = await event("Open air", "open-air", "public");
    const gallery = async (eventIds: string[]) =>
      (await createContentRow(db, tenant.id, { title: "Stage", status: "published", eventIds })).id;
    const shared = await gallery([secret.id, open.id]);
    const onlySecret = await gallery([secret.id]);

    for (const id of [shared, onlySecret]) {
      const answers = {
        player: await loadPlayerPage(id, tenant.id),
        unlockedPlayer: await loadUnlockedPlayerPage(id, tenant.slug, cookieReader(null)),
        shareImage: await loadOgSubject("content", id, "en"),
      };
      expect(answers.player?.state).toBe("ok");
      expect(answers.shareImage?.title).toBe("Stage");
      for (const [name, answer] of Object.entries(answers)) {
        const json = JSON.stringify(answer);
        expect(json, `${name} of ${id === shared ? "shared" : "onlySecret"}`).not.toContain("secret-session");
        expect(json, `${name} of ${id === shared ? "shared" : "onlySecret"}`).not.toContain("Secret session");
      }
    }
    // The listed event is still named.
    const player = await loadPlayerPage(shared, tenant.id);
    expect(player?.state === "ok" && player.events.map((e) => e.slug)).toEqual(["open-air"]);
    expect((await loadOgSubject("content", shared, "en"))?.event?.name).toBe("Open air");
  });
});
