import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEventSlug, getEventForEdit, listEvents } from "@/lib/features/events/queries";
import { createEvent, deleteEvent, setEventStatus, updateEvent } from "@/lib/features/events/save-event";
import type { EventInput } from "@/lib/features/events/schemas";
import en from "@/messages/en.json";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { mediaTestEnv, rejection, uploadFile, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let demo: Tenant;
let other: Tenant;
let photo: Buffer;

beforeAll(async () => {
  env = await mediaTestEnv();
  demo = await createTenant(env.db, { plan: "professional" });
  other = await createTenant(env.db, { plan: "professional" });
  photo = await generatePhoto({ seed: 41, theme: "festival", width: 1200, height: 500 });
});
afterAll(() => env?.close());

let n = 0;
const input = (overrides: Partial<EventInput> = {}): EventInput => ({
  name: "Festival de Verão",
  slug: `festival-de-verao-${++n}`,
  description: "Três palcos <script>alert(1)</script>",
  date: "2026-07-18",
  time: "20:00",
  timeZone: "Europe/Lisbon",
  location: "Parque da Cidade, Porto",
  maxParticipants: "5000",
  participantsCount: "120",
  isFree: false,
  price: "45,50",
  currency: "EUR",
  status: "published",
  isPublic: true,
  ...overrides,
});

async function uploadBanner(company: Tenant) {
  const { created } = await uploadFile(company.as("admin"), {
    fileName: "banner.jpg",
    contentType: "image/jpeg",
    bytes: photo,
    target: { type: "event-banner" },
  });
  return created.id;
}

describe("events admin", () => {
  it("publishes only through the publish control: a new event is a draft, a form save keeps the status", async () => {
    const saved = await createEvent(demo.as("manager"), input({ status: undefined }));
    const status = async () =>
      (await env.db.event.findUniqueOrThrow({ where: { id: saved.id }, select: { status: true } })).status;
    expect(await status()).toBe("draft");
    expect((await setEventStatus(demo.as("manager"), saved.id, "published")).changed).toEqual({
      companyId: demo.id,
      eventIds: [saved.id],
    });
    // The edit form sends no status (issue #18): saving it must not revert the publish.
    await updateEvent(demo.as("manager"), saved.id, input({ slug: `kept-${n}`, status: undefined }));
    expect(await status()).toBe("published");
    // Another company's event is not found, and is left as it was.
    const theirs = await createEvent(other.as("admin"), input({ status: "published" }));
    expect((await rejection(setEventStatus(demo.as("admin"), theirs.id, "draft"))).code).toBe("not_found");
    expect(
      (await env.db.event.findUniqueOrThrow({ where: { id: theirs.id }, select: { status: true } })).status,
    ).toBe("published");
  });

  it("creates an event with every field, the date in its time zone, price in minor units", async () => {
    const saved = await createEvent(demo.as("manager"), input({ slug: "noite-unica" }));
    expect(saved.changed).toEqual({ companyId: demo.id, eventIds: [saved.id] });
    const row = await env.db.event.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row).toMatchObject({
      companyId: demo.id,
      slug: "noite-unica",
      name: "Festival de Verão",
      description: "Três palcos",
      timeZone: "Europe/Lisbon",
      location: "Parque da Cidade, Porto",
      maxParticipants: 5000,
      participantsCount: 120,
      priceMinor: 4550,
      currency: "EUR",
      status: "published",
      isPublic: true,
    });
    expect(row.startsAt.toISOString()).toBe("2026-07-18T19:00:00.000Z");

    const edit = await getEventForEdit(demo.id, saved.id);
    expect(edit.values).toMatchObject({ date: "2026-07-18", time: "20:00", price: "45.50", isFree: false });
    expect(edit.publicUrl).toMatch(new RegExp(`/${demo.slug}/evento/noite-unica$`));
    expect(edit.values).toMatchObject({ visibility: "public", hasPassword: false, accessPassword: "" });
    expect(row.visibility).toBe("public");
  });

  it("saves an event as unlisted (issue #36: by its link only) and back", async () => {
    const saved = await createEvent(
      demo.as("manager"),
      input({ slug: "by-link-only", visibility: "unlisted" }),
    );
    expect((await env.db.event.findUniqueOrThrow({ where: { id: saved.id } })).visibility).toBe("unlisted");
    expect((await getEventForEdit(demo.id, saved.id)).values.visibility).toBe("unlisted");
    await updateEvent(demo.as("manager"), saved.id, input({ slug: "by-link-only", visibility: "public" }));
    expect((await env.db.event.findUniqueOrThrow({ where: { id: saved.id } })).visibility).toBe("public");
  });

  it("refuses a slug already in use in the company: 'Error saving event, check the URL is not in use'", async () => {
    await createEvent(demo.as("admin"), input({ slug: "taken-slug" }));
    const mine = await rejection(createEvent(demo.as("admin"), input({ slug: "taken-slug" })));
    expect(mine).toMatchObject({ code: "conflict", messageKey: "events.errors.slugInUse" });
    expect(en.events.errors.slugInUse).toBe("Error saving event, check the URL is not in use");
    // Another company's event does not block the slug (issue #18): slugs are unique per company.
    const theirs = await createEvent(other.as("admin"), input({ slug: "taken-slug" }));
    expect(theirs.slug).toBe("taken-slug");

    const second = await createEvent(demo.as("admin"), input({ slug: "another-slug" }));
    const renamed = await rejection(updateEvent(demo.as("admin"), second.id, input({ slug: "taken-slug" })));
    expect(renamed.messageKey).toBe("events.errors.slugInUse");

    expect(await checkEventSlug({ companyId: demo.id, slug: "taken-slug" })).toEqual({
      available: false,
      suggestion: "taken-slug-2",
    });
    expect(await checkEventSlug({ companyId: demo.id, slug: "fresh" })).toEqual({
      available: true,
      suggestion: "fresh",
    });
    // The live check looks within the company only: no oracle of other companies' events.
    await createEvent(other.as("admin"), input({ slug: "only-theirs" }));
    expect(await checkEventSlug({ companyId: demo.id, slug: "only-theirs" })).toEqual({
      available: true,
      suggestion: "only-theirs",
    });
  });

  it("lets exactly one of two simultaneous saves of a slug in a company win; another company's still succeeds", async () => {
    const results = await Promise.allSettled([
      createEvent(demo.as("admin"), input({ slug: "race-slug" })),
      createEvent(demo.as("admin"), input({ slug: "race-slug" })),
      createEvent(other.as("admin"), input({ slug: "race-slug" })),
    ]);
    const [a, b, c] = results;
    expect([a, b].filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = [a, b].find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: "conflict", messageKey: "events.errors.slugInUse" });
    expect(c.status).toBe("fulfilled");
    expect(await env.db.event.count({ where: { slug: "race-slug" } })).toBe(2);
  });

  it("validates the form with field messages", async () => {
    const error = await rejection(
      createEvent(
        demo.as("admin"),
        input({ name: " ", slug: "Bad Slug!", timeZone: "Mars/Base", isFree: false, price: "abc" }),
      ),
    );
    expect(error.code).toBe("validation");
    expect((error as unknown as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      name: "validation.inputEmpty",
      slug: "events.errors.slugInvalid",
      timeZone: "events.errors.timeZoneInvalid",
    });
    const free = await createEvent(demo.as("admin"), input({ isFree: true, price: "99" }));
    expect((await env.db.event.findUniqueOrThrow({ where: { id: free.id } })).priceMinor).toBeNull();
  });

  it("lists with search, status filter and pagination, showing participants", async () => {
    const company = await createTenant(env.db);
    for (let i = 0; i < 23; i++) {
      await createEvent(
        company.as("admin"),
        input({
          name: i % 2 ? `Jazz Night ${i}` : `Rock Night ${i}`,
          status: i < 3 ? "cancelled" : "published",
          date: `2026-05-${String(i + 1).padStart(2, "0")}`,
        }),
      );
    }
    const all = await listEvents(company.id, {});
    expect(all).toMatchObject({ total: 23, atStart: true });
    expect(all.items).toHaveLength(20);
    expect(all.items[0]).toMatchObject({
      participantsCount: 120,
      local: { date: "2026-05-23", time: "20:00" },
    });
    expect((await listEvents(company.id, { cursor: all.nextCursor! })).items).toHaveLength(3);
    expect((await listEvents(company.id, { q: "jazz" })).total).toBe(11);
    expect((await listEvents(company.id, { status: "cancelled" })).total).toBe(3);
    // Only the company's own events.
    expect((await listEvents(other.id, { q: "jazz" })).total).toBe(0);
  });

  it("sets, replaces and removes a banner, deleting the replaced image", async () => {
    const firstBanner = await uploadBanner(demo);
    const saved = await createEvent(demo.as("admin"), input({ bannerMediaId: firstBanner }));
    const first = await env.db.mediaFile.findUniqueOrThrow({ where: { id: firstBanner } });
    expect((await env.db.event.findUniqueOrThrow({ where: { id: saved.id } })).bannerKey).toBe(
      first.storageKey,
    );
    expect((await getEventForEdit(demo.id, saved.id)).banner).toMatchObject({ state: "processing" });

    const secondBanner = await uploadBanner(demo);
    await updateEvent(
      demo.as("admin"),
      saved.id,
      input({
        slug: (await env.db.event.findUniqueOrThrow({ where: { id: saved.id } })).slug,
        bannerMediaId: secondBanner,
      }),
    );
    expect(await env.db.mediaFile.findUnique({ where: { id: firstBanner } })).toBeNull();
    expect(await env.store.size(first.storageKey)).toBeNull();

    const slug = (await env.db.event.findUniqueOrThrow({ where: { id: saved.id } })).slug;
    await updateEvent(demo.as("admin"), saved.id, input({ slug, bannerMediaId: null }));
    expect((await env.db.event.findUniqueOrThrow({ where: { id: saved.id } })).bannerKey).toBeNull();
    expect(await env.db.mediaFile.findUnique({ where: { id: secondBanner } })).toBeNull();
  });

  it("refuses another company's banner", async () => {
    const theirs = await uploadBanner(other);
    const error = await rejection(createEvent(demo.as("admin"), input({ bannerMediaId: theirs })));
    expect(error.messageKey).toBe("events.errors.bannerInvalid");
  });

  it("deletes an event with its banner, keeping its contents", async () => {
    const banner = await uploadBanner(demo);
    const saved = await createEvent(demo.as("admin"), input({ bannerMediaId: banner }));
    const content = await createContentRow(env.db, demo.id, { eventIds: [saved.id] });
    expect((await rejection(deleteEvent(other.as("admin"), saved.id))).code).toBe("not_found");
    const { changed } = await deleteEvent(demo.as("manager"), saved.id);
    expect(changed).toEqual({ companyId: demo.id, eventIds: [saved.id], contentIds: [content.id] });
    expect(await env.db.event.findUnique({ where: { id: saved.id } })).toBeNull();
    expect(await env.db.mediaFile.findUnique({ where: { id: banner } })).toBeNull();
    expect(await env.db.content.findUnique({ where: { id: content.id } })).not.toBeNull();
  });

  it("is for admins and managers only", async () => {
    expect((await rejection(createEvent(demo.as("user"), input()))).code).toBe("forbidden");
    const saved = await createEvent(demo.as("manager"), input());
    expect((await rejection(updateEvent(demo.as("user"), saved.id, input()))).code).toBe("forbidden");
    expect((await rejection(deleteEvent(demo.as("user"), saved.id))).code).toBe("forbidden");
    expect((await rejection(updateEvent(other.as("admin"), saved.id, input()))).code).toBe("not_found");
  });
});
