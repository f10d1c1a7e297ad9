/**
 * Caches that must be forgotten with the page micro-cache: server/page-microcache.cjs calls every
 * listener under this symbol when a public cache tag expires on any instance (shared-cache-tags.cjs,
 * the database's NOTIFY), e.g. a content unpublished or a comment hidden by its organiser. The same
 * symbol as `PUBLIC_CACHE_LISTENERS` of server/media-replay.ts (Symbol.for: one registry per process).
 */
export const PUBLIC_CACHE_LISTENERS = Symbol.for("afterglow.publicCacheListeners");

type Scope = { [PUBLIC_CACHE_LISTENERS]?: Set<() => void> };

/** Clears `cache` whenever the public caches are cleared (see above). */
export function clearWithPublicCaches(cache: { clear(): void }): void {
  const scope = globalThis as Scope;
  (scope[PUBLIC_CACHE_LISTENERS] ??= new Set<() => void>()).add(() => cache.clear());
}
