/**
 * The bench's large gallery (issue #36): a published photo gallery of the demo company with
 * 5,000 photos, measured like the other public pages (first visit against nginx, JavaScript,
 * Lighthouse) under the label `large`. Its photos are one demo photo's row repeated (the same
 * renditions): what is measured is the page and its data, not 5,000 encodes. A standalone
 * gallery, in no event, so the event page's figures stay the demo's.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { DatabaseTarget } from "./pgbench-anchor";

export const LARGE_GALLERY_PHOTOS = 5_000;
/** How long the seed waits for the worker to make a demo photo's download copy. */
const DOWNLOAD_COPY_WAIT_S = 120;
/** Where `publicPages` (scripts/lib/js-transfer.ts) finds the gallery's player path. */
export const LARGE_GALLERY_ENV = "BENCH_LARGE_GALLERY_PATH";

/** Creates the gallery once per database and returns its player path (`/demo/player/{id}`). */
export async function seedLargeGallery(
  target: DatabaseTarget,
  photos = LARGE_GALLERY_PHOTOS,
): Promise<string> {
  const client = new pg.Client({ ...target });
  await client.connect();
  try {
    const title = `Bench: ${photos.toLocaleString("en")} photos`;
    const existing = await client.query<{ id: string }>(`SELECT id FROM content WHERE title = $1`, [title]);
    if (existing.rows[0]) return `/demo/player/${existing.rows[0].id}`;
    // A photo with its download copy: the copies share it, so the worker's backfill (which makes
    // a missing copy from the original, absent for a copy) has nothing to do. A fresh demo's
    // copies are made by that backfill just after start: wait for the first one.
    const pick = () =>
      client.query<{ id: string; companyId: string; downloadKey: string | null }>(
        `SELECT m.id, m."companyId", m."downloadKey" FROM media_file m JOIN content c ON c.id = m."contentId"
         JOIN company co ON co.id = c."companyId"
         WHERE co.slug = 'demo' AND m.kind = 'photo' AND m.state = 'ready' AND m.variants IS NOT NULL
         ORDER BY (m."downloadKey" IS NULL), m."createdAt" LIMIT 1`,
      );
    let { rows } = await pick();
    for (let waited = 0; rows[0] && !rows[0].downloadKey && waited < DOWNLOAD_COPY_WAIT_S; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      ({ rows } = await pick());
    }
    if (rows[0] && !rows[0].downloadKey)
      console.warn(`large gallery: no demo photo has its download copy after ${DOWNLOAD_COPY_WAIT_S} s`);
    const source = rows[0];
    if (!source) throw new Error("no ready demo photo to repeat");
    const contentId = randomUUID();
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO content (id, "companyId", title, kind, status, "publishedAt", "updatedAt")
       VALUES ($1, $2, $3, 'photo_gallery', 'published', now(), now())`,
      [contentId, source.companyId, title],
    );
    await client.query(
      `INSERT INTO media_file (id, "companyId", "contentId", kind, "storageKey", "originalName", "mimeType",
         "sizeBytes", width, height, state, variants, "blurDataUrl", "posterKey", "downloadKey", "downloadBytes",
         position, "updatedAt")
       SELECT gen_random_uuid()::text, m."companyId", $1, m.kind, 'bench-large/' || $1 || '/' || n, 'IMG_' || n || '.jpg',
         m."mimeType", m."sizeBytes", m.width, m.height, m.state, m.variants, m."blurDataUrl", m."posterKey",
         m."downloadKey", m."downloadBytes", n, now()
       FROM media_file m, generate_series(1, $2::int) AS n WHERE m.id = $3`,
      [contentId, photos, source.id],
    );
    await client.query("COMMIT");
    return `/demo/player/${contentId}`;
  } finally {
    await client.end();
  }
}
