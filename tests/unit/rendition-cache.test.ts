import { describe, expect, it, vi } from "vitest";
import { renditionCache, type ImageRead } from "@/lib/surfaces/public-site/rendition-cache";

/** The in-process cache of public still images (issue #35): bounded by bytes, least recently used out. */
const image = (size: number, fill = 1): ImageRead => ({
  bytes: new Uint8Array(size).fill(fill),
  contentType: "image/webp",
});

describe("the rendition cache", () => {
  it("holds at most its bytes, pushing out the least recently used image", async () => {
    const cache = renditionCache({ maxBytes: 1000, maxEntryBytes: 1000 });
    const load = vi.fn(async () => image(400));
    await cache.read("a", "v1", load);
    await cache.read("b", "v1", load);
    expect(cache.usage()).toEqual({ bytes: 800, entries: 2 });
    await cache.read("a", "v1", load); // a is now the most recent
    expect(load).toHaveBeenCalledTimes(2);
    await cache.read("c", "v1", load); // 1,200 bytes: b goes
    expect(cache.usage()).toEqual({ bytes: 800, entries: 2 });
    await cache.read("a", "v1", load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.read("b", "v1", load);
    expect(load).toHaveBeenCalledTimes(4);
    expect(cache.usage().bytes).toBeLessThanOrEqual(1000);
  });

  it("keys by version: another version of the same key is read again, never the old bytes", async () => {
    const cache = renditionCache({ maxBytes: 1000, maxEntryBytes: 1000 });
    await cache.read("k", "v1", async () => image(10, 1));
    const second = await cache.read("k", "v2", async () => image(10, 2));
    expect(typeof second === "object" && second.bytes[0]).toBe(2);
    const first = await cache.read("k", "v1", async () => image(10, 3));
    expect(typeof first === "object" && first.bytes[0]).toBe(1);
  });

  it("keeps no image larger than an entry may be, nor a miss; one read for concurrent misses", async () => {
    const cache = renditionCache({ maxBytes: 1000, maxEntryBytes: 100 });
    await cache.read("big", "v", async () => image(200));
    await cache.read("gone", "v", async (): Promise<ImageRead> => "missing");
    expect(cache.usage()).toEqual({ bytes: 0, entries: 0 });
    let release: (value: ImageRead) => void = () => undefined;
    const load = vi.fn(() => new Promise<ImageRead>((resolve) => (release = resolve)));
    const reads = Promise.all([cache.read("x", "v", load), cache.read("x", "v", load)]);
    release(image(50));
    const [one, two] = await reads;
    expect(one).toBe(two);
    expect(load).toHaveBeenCalledTimes(1);
    // A failed read is not kept: the next request tries again.
    await expect(cache.read("err", "v", () => Promise.reject(new Error("store down")))).rejects.toThrow();
    expect(await cache.read("err", "v", async () => image(5))).toMatchObject({ contentType: "image/webp" });
  });

  it("with no memory (MEDIA_CACHE_MB=0) reads every time", async () => {
    const cache = renditionCache({ maxBytes: 0, maxEntryBytes: 100 });
    const load = vi.fn(async () => image(10));
    await cache.read("a", "v", load);
    await cache.read("a", "v", load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.usage()).toEqual({ bytes: 0, entries: 0 });
  });
});
