import "server-only";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/core/env";

/**
 * Public still images kept in the server's memory (issue #35): a hot photo of a festival's
 * gallery is answered without a round trip to the store. Bounded by the bytes it holds
 * (`MEDIA_CACHE_MB`, least recently used first out), and keyed by the stored object's key AND
 * its version (lib/platform/media/urls.ts), so a replaced file is another entry and an entry is
 * never stale. It decides nothing about who may see an image: the route checks that on every
 * request, before it asks the cache (lib/surfaces/public-site/media-access.ts), so an entry of
 * content unpublished or deleted since stays in memory until it is pushed out, never served.
 * Concurrent misses of one image share one read of the store.
 */
export interface CachedImage {
  bytes: Uint8Array;
  contentType: string;
}

/** `missing`: not in the store; `not-inline`: too large, or not an image type answered inline. */
export type ImageRead = CachedImage | "missing" | "not-inline";

export interface RenditionCache {
  /** The image from memory, or `load`'s answer (kept when it is an image that fits). */
  read(key: string, version: string, load: () => Promise<ImageRead>): Promise<ImageRead>;
  /** Bytes and entries held, for tests and the bench. */
  usage(): { bytes: number; entries: number };
  clear(): void;
}

export function renditionCache({
  maxBytes,
  maxEntryBytes,
}: {
  maxBytes: number;
  maxEntryBytes: number;
}): RenditionCache {
  const cache =
    maxBytes > 0
      ? new LRUCache<string, CachedImage>({
          maxSize: maxBytes,
          maxEntrySize: Math.min(maxEntryBytes, maxBytes),
          sizeCalculation: (image) => Math.max(1, image.bytes.byteLength),
        })
      : null;
  const loading = new Map<string, Promise<ImageRead>>();
  return {
    async read(key, version, load) {
      const id = `${version}\n${key}`;
      const cached = cache?.get(id);
      if (cached) return cached;
      const pending = loading.get(id);
      if (pending) return pending;
      const started = load().then(
        (image) => {
          loading.delete(id);
          if (typeof image === "object" && image.bytes.byteLength <= maxEntryBytes) cache?.set(id, image);
          return image;
        },
        (error: unknown) => {
          loading.delete(id);
          throw error;
        },
      );
      loading.set(id, started);
      return started;
    },
    usage: () => ({ bytes: cache?.calculatedSize ?? 0, entries: cache?.size ?? 0 }),
    clear: () => cache?.clear(),
  };
}

/** Larger than this (no rendition the worker makes is), an image is a redirect to the store. */
export const MAX_INLINE_IMAGE_BYTES = 4 * 1024 * 1024;

const shared = globalThis as unknown as { afterglowRenditions?: RenditionCache };

/** The process's cache (one per server process: each worker of a cluster has its own). */
export function processRenditionCache(): RenditionCache {
  return (shared.afterglowRenditions ??= renditionCache({
    maxBytes: env.MEDIA_CACHE_MB * 1024 * 1024,
    maxEntryBytes: MAX_INLINE_IMAGE_BYTES,
  }));
}
