import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateBranding } from "@/lib/features/brand/update-branding";
import { createEvent, deleteEvent, updateEvent } from "@/lib/features/events/save-event";
import type { EventInput } from "@/lib/features/events/schemas";
import { setEventSponsorLogo } from "@/lib/features/watermarks/save";
import { mediaTestEnv, rejection, uploadFile, type MediaTestEnv } from "./support/media";
import { createEventRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Attacker review of issue #36, finding 1: a manager named a file another row holds (the
 * company's logo, another event's banner) as an event's sponsor logo or banner; replacing it or
 * deleting the event then deleted that file. A logo, banner or sponsor logo now takes only an
 * upload no row holds, and lets go of a file by deleting it only when no other row holds it.
 */
let env: MediaTestEnv;
let company: Tenant;
let image: Buffer;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  image = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
});
afterAll(() => env?.close());

async function upload(type: "event-banner" | "company-logo"): Promise<string> {
  const { created } = await uploadFile(company.as("admin"), {
    fileName: "x.png",
    contentType: "image/png",
    bytes: image,
    target: { type },
  });
  return created.id;
}

const keyOf = async (id: string) =>
  (await env.db.mediaFile.findUniqueOrThrow({ where: { id }, select: { storageKey: true } })).storageKey;
const exists = async (id: string) => (await env.db.mediaFile.findUnique({ where: { id } })) !== null;

let n = 0;
const input = (overrides: Partial<EventInput> = {}): EventInput => ({
  name: "Show",
  slug: `claims-${++n}`,
  date: "2026-07-18",
  time: "20:00",
  timeZone: "Europe/Lisbon",
  isFree: true,
  status: "published",
  isPublic: true,
  ...overrides,
});

describe("a logo, banner or sponsor logo takes only an upload no other row holds", () => {
  it("refuses the company's logo as a sponsor, and deleting the event leaves the logo", async () => {
    const logo = await upload("company-logo");
    await updateBranding(company.as("admin"), { logoMediaId: logo });
    const event = await createEventRow(env.db, company.id);
    const error = await rejection(setEventSponsorLogo(company.as("manager"), event.id, logo));
    expect(error.messageKey).toBe("watermarks.errors.sponsorInvalid");
    expect((await env.db.event.findUniqueOrThrow({ where: { id: event.id } })).sponsorLogoKey).toBeNull();
    await deleteEvent(company.as("manager"), event.id);
    expect(await exists(logo)).toBe(true);
  });

  it("refuses another event's banner as a sponsor or a banner; replacing the sponsor leaves it", async () => {
    const banner = await upload("event-banner");
    const first = await createEvent(company.as("manager"), input({ bannerMediaId: banner }));
    const second = await createEventRow(env.db, company.id);
    const sponsor = await upload("event-banner");
    await setEventSponsorLogo(company.as("manager"), second.id, sponsor);
    expect((await rejection(setEventSponsorLogo(company.as("manager"), second.id, banner))).messageKey).toBe(
      "watermarks.errors.sponsorInvalid",
    );
    expect(
      (await rejection(createEvent(company.as("manager"), input({ bannerMediaId: banner })))).messageKey,
    ).toBe("events.errors.bannerInvalid");
    // Nor the other event's sponsor logo as a banner, nor as the company's logo.
    expect(
      (await rejection(createEvent(company.as("manager"), input({ bannerMediaId: sponsor })))).messageKey,
    ).toBe("events.errors.bannerInvalid");
    expect((await rejection(updateBranding(company.as("admin"), { logoMediaId: sponsor }))).messageKey).toBe(
      "settings.branding.logo.invalid",
    );
    // Replacing the sponsor with a fresh upload deletes only the sponsor's own file.
    await setEventSponsorLogo(company.as("manager"), second.id, await upload("event-banner"));
    expect(await exists(sponsor)).toBe(false);
    expect(await exists(banner)).toBe(true);
    expect((await env.db.event.findUniqueOrThrow({ where: { id: first.id } })).bannerKey).toBe(
      await keyOf(banner),
    );
  });

  it("saving an event again with its own banner keeps it", async () => {
    const banner = await upload("event-banner");
    const saved = await createEvent(company.as("manager"), input({ bannerMediaId: banner }));
    await updateEvent(company.as("manager"), saved.id, input({ slug: saved.slug, bannerMediaId: banner }));
    expect((await env.db.event.findUniqueOrThrow({ where: { id: saved.id } })).bannerKey).toBe(
      await keyOf(banner),
    );
    expect(await exists(banner)).toBe(true);
  });

  it("a key two rows already share (saved before the check) is not deleted when one lets go", async () => {
    const logo = await upload("company-logo");
    await updateBranding(company.as("admin"), { logoMediaId: logo });
    const event = await createEventRow(env.db, company.id);
    await env.db.event.update({ where: { id: event.id }, data: { sponsorLogoKey: await keyOf(logo) } });
    await setEventSponsorLogo(company.as("manager"), event.id, null);
    expect(await exists(logo)).toBe(true);
    await env.db.event.update({ where: { id: event.id }, data: { bannerKey: await keyOf(logo) } });
    await deleteEvent(company.as("manager"), event.id);
    expect(await exists(logo)).toBe(true);
  });
});
