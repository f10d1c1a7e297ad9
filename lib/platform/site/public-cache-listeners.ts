/**
 * Caches that must be forgotten with the page micro-cache: server/page-microcache.cjs calls every
 * listener under this symbol when a public cache tag expires on any instance (shared-cache-tags.cjs,
 * the database's NOTIFY), e.g. a content unpublished or a comment hidden by its organiser
 * (Symbol.for: one registry per process, whichever bundle or server module registers first). The
 * front door's image replay (server/media-replay.ts) and the shared first-visit answers
 * (lib/features/engagement/summary.ts, queries.ts) register here.
 */
export const PUBLIC_CACHE_LISTENERS = Symbol.for("afterglow.publicCacheListeners");

type Scope = { [PUBLIC_CACHE_LISTENERS]?: Set<() => void> };

/** Clears `cache` whenever the public caches are cleared (see above). */
export function clearWithPublicCaches(cache: { clear(): void }): void {
  const scope = globalThis as Scope;
  (scope[PUBLIC_CACHE_LISTENERS] ??= new Set<() => void>()).add(() => cache.clear());
}
