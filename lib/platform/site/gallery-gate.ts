import { ttlCache } from "@/lib/core/cache/ttl-cache";
import { fanPool } from "@/lib/core/db-pool";
import { AppError } from "@/lib/core/errors";
import { isRecordIdShape } from "@/lib/core/validation/common";
import {
  cookieReader,
  eventLocksOf,
  galleryAccess,
  type GalleryAccess,
  type GalleryGate,
} from "@/lib/platform/site/gallery-access";
import { clearWithPublicCaches } from "@/lib/platform/site/public-cache-listeners";

/**
 * A gallery's password, its password events' (gallery-access.ts) and expiry for the fans' engagement calls (lib/surfaces/fan-api/http.ts),
 * read on the plain pool and shared for up to a second per process: every like and view of a
 * crowd asks, and the answer changes only when the organiser saves the gallery, which expires
 * its public cache tags and so clears this cache on every instance (public-cache-listeners.ts).
 * An unknown id is null: the handler's own lookup answers it as it always did.
 */
const GATE_TTL_MS = 1000;
const gates = ttlCache<GalleryGate | null>({ ttlMs: GATE_TTL_MS, maxEntries: 10_000 });
clearWithPublicCaches(gates);

/** The gate's columns, the linked events' as one JSON array (`eventLocksOf` reads them). */
export const GALLERY_GATE_SQL = `
SELECT c."visibility", c."accessPasswordHash", c."expiresAt",
  (SELECT coalesce(json_agg(json_build_object('id', e."id", 'status', e."status", 'isPublic', e."isPublic",
      'visibility', e."visibility", 'accessPasswordHash', e."accessPasswordHash")), '[]')
    FROM "content_event" ce JOIN "event" e ON e."id" = ce."eventId" WHERE ce."contentId" = c."id") AS "events"
FROM "content" c WHERE c."id" = $1`;

type GateRow = Omit<GalleryGate, "eventLocks"> & { events: Parameters<typeof eventLocksOf>[0] };

export function loadGalleryGate(contentId: string): Promise<GalleryGate | null> {
  return gates.get(contentId, async () => {
    const { rows } = await fanPool().query<GateRow>({
      name: "gallery-gate",
      text: GALLERY_GATE_SQL,
      values: [contentId],
    });
    const row = rows[0];
    if (!row) return null;
    const { events, ...gate } = row;
    return { ...gate, eventLocks: eventLocksOf(events) };
  });
}

/** This process's copy, dropped at once by the organiser's own save (other instances: the tag expiry). */
export function forgetGalleryGate(contentId: string): void {
  gates.delete(contentId);
}

/**
 * Throws the fan's "not found" for a gallery this request may not use: expired, or protected
 * by a password (its own, or its password events') this browser has not given. The same answer as an unknown gallery, so a caller
 * without the password learns nothing about what is inside.
 */
export async function assertGalleryOpen(request: Request, contentId: string): Promise<void> {
  // A malformed id is no gallery (the handler answers it): never a key in the shared cache.
  if (!isRecordIdShape(contentId)) return;
  const gate = await loadGalleryGate(contentId);
  if (!gate) return;
  const access: GalleryAccess = galleryAccess(gate, contentId, cookieReader(request.headers.get("cookie")));
  if (access !== "open") throw new AppError("not_found", "engagement.errors.notFound");
}
