import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storage } from "@/lib/core/storage";
import { saveWatermarkDesign, setGalleryWatermark } from "@/lib/features/watermarks/save";
import { fanMarkedCopy } from "@/lib/platform/media/watermark/apply";
import { mediaTestEnv, readyPhoto, type MediaTestEnv } from "./support/media";
import { createContentRow, createTenant, type Tenant } from "./support/tenants";

/**
 * Attacker review of issue #36, finding 3: a fan's marked download copy (fanMarkedCopy) was
 * encoded once per request, however many asked for the same copy at once, and with no cap on
 * encodes: Download all, pressed a few times, took every core. Now the same copy is made once
 * (the callers share it) and the process encodes at most two at a time (the slots the review
 * preview uses: lib/platform/media/encode-slots.ts).
 */
let env: MediaTestEnv;
let company: Tenant;
let photos: string[];
const EDGE = 300;

beforeAll(async () => {
  env = await mediaTestEnv();
  company = await createTenant(env.db, { plan: "professional" });
  const gallery = (await createContentRow(env.db, company.id, { title: "G", kind: "photo_gallery" })).id;
  await saveWatermarkDesign(company.as("admin"), {
    kind: "text",
    text: "Afterglow",
    position: "bottom-right",
    size: "20",
    edge: "short",
    opacity: "100",
  });
  photos = [];
  for (let i = 0; i < 5; i++)
    photos.push(await readyPhoto(company, gallery, 40 * i, { width: 600, height: 400 }));
  await setGalleryWatermark(company.as("admin"), gallery, true);
}, 60_000);
afterAll(() => env?.close());

describe("a fan's marked download copy", () => {
  it("is encoded once for callers asking at the same time", async () => {
    const put = vi.spyOn(storage, "put");
    try {
      const keys = await Promise.all(Array.from({ length: 5 }, () => fanMarkedCopy(photos[0]!, EDGE)));
      expect(new Set(keys).size).toBe(1);
      expect(put.mock.calls.filter(([key]) => key === keys[0])).toHaveLength(1);
    } finally {
      put.mockRestore();
    }
  });

  it("is made at most two at a time in a process", async () => {
    const original = storage.getBytes.bind(storage);
    let reading = 0;
    let most = 0;
    // Every copy reads its original inside its encode slot: the reads at once are the encodes at once.
    const read = vi.spyOn(storage, "getBytes").mockImplementation(async (key: string) => {
      most = Math.max(most, ++reading);
      try {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return await original(key);
      } finally {
        reading--;
      }
    });
    try {
      await Promise.all(photos.slice(1).map((id) => fanMarkedCopy(id, EDGE)));
    } finally {
      read.mockRestore();
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });
});
