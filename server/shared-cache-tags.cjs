/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded by the cache handler with require() */
/**
 * Cache tags expired on one app instance expire on every instance. Next.js keeps the expired
 * tags in process memory (`tagsManifest`), so a publish through instance A (revalidateTag)
 * would leave instance B serving its cached page. The cache handler
 * (csp-cache-handler.cjs) hands every revalidation here: it is stored in the `cache_tag`
 * table and announced with NOTIFY; every instance LISTENs and copies it into its own
 * `tagsManifest`, and loads the table at start (a restarted instance must not serve a stale
 * copy from disk). The LISTEN connection is lib/core/db-listen.cjs's, reconnected with
 * backoff; after a reconnect the table is read again (what was announced meanwhile was not
 * heard). Comparisons are Next's own (`areTagsExpired`): the instances' clocks must agree
 * (NTP), as for the rate limits.
 *
 * Best effort by design: without a database (`next build`), or while it is unreachable, the
 * instance behaves as Next.js alone does.
 */
const { Pool } = require("pg");
const { tagsManifest } = require("next/dist/server/lib/incremental-cache/tags-manifest.external.js");
const { ChannelListener } = require("../lib/core/db-listen.cjs");
const { pageMicrocache } = require("./page-microcache.cjs");

const CHANNEL = "afterglow_cache_tags";
/** NOTIFY payloads are limited to 8000 bytes: a larger change says "reload the table". */
const MAX_PAYLOAD = 7000;
/** The first wait before reconnecting a lost LISTEN connection (doubling while it fails). */
const RECONNECT_MS = 1000;
/** After a failed start, requests do not try again for this long (each try is a connection). */
const RETRY_MS = 30_000;

let pool;
let listener;
let starting;
let failedAt = 0;
/** The table has been read once: from then on the listener keeps this process current. */
let loaded = false;

/**
 * Copies entries into this process's manifest, keeping the later time of each field; the
 * replayed answers (page-microcache.cjs) may hold any page, so they all go.
 */
function apply(rows) {
  pageMicrocache().clear();
  for (const row of rows) {
    const entry = { ...(tagsManifest.get(row.tag) || {}) };
    for (const field of ["stale", "expired"]) {
      const value = row[field] == null ? undefined : Number(row[field]);
      if (value !== undefined && !(entry[field] >= value)) entry[field] = value;
    }
    tagsManifest.set(row.tag, entry);
  }
}

async function reload() {
  const { rows } = await pool.query(`SELECT tag, stale, expired FROM "cache_tag"`);
  apply(rows);
  loaded = true;
}

function enabled() {
  return Boolean(process.env.DATABASE_URL) && process.env.NEXT_PHASE !== "phase-production-build";
}

async function connect() {
  if (!pool) {
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    pool.on("error", () => undefined);
  }
  listener =
    listener ||
    new ChannelListener({
      connectionString: process.env.DATABASE_URL,
      channel: CHANNEL,
      onNotification(payload) {
        try {
          if (payload === "*") reload().catch(() => undefined);
          else apply(JSON.parse(payload));
        } catch {
          // not ours
        }
      },
      onReconnect: reload,
      backoffMs: { min: RECONNECT_MS, max: RETRY_MS },
      log: (message, error) => console.warn(`[afterglow] shared cache tags: ${message}:`, String(error)),
    });
  // Listen first, then read: a change made in between arrives as a notification.
  await listener.listen();
  if (!listener.listening) throw new Error("cannot LISTEN (retried in the background)");
  await reload();
}

/** Starts listening once per process; resolves when the table is loaded (or failed to). */
function start() {
  if (!enabled()) return Promise.resolve();
  if (loaded || Date.now() - failedAt < RETRY_MS) return Promise.resolve();
  starting =
    starting ||
    connect()
      .catch((error) => {
        failedAt = Date.now();
        console.warn("[afterglow] shared cache tags unavailable:", String(error));
      })
      .finally(() => {
        starting = undefined;
      });
  return starting;
}

/** Stores and announces this process's manifest entries of `tags` (after Next.js set them). */
async function publish(tags) {
  if (tags.length > 0) pageMicrocache().clear();
  if (!enabled() || tags.length === 0) return;
  await start();
  if (!pool) return;
  const rows = tags.map((tag) => ({ tag, ...(tagsManifest.get(tag) || {}) }));
  const payload = JSON.stringify(rows);
  try {
    await pool.query(
      `WITH up AS (
         INSERT INTO "cache_tag" (tag, stale, expired)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
         ON CONFLICT (tag) DO UPDATE SET
           stale = GREATEST("cache_tag".stale, EXCLUDED.stale),
           expired = GREATEST("cache_tag".expired, EXCLUDED.expired)
         RETURNING 1
       )
       SELECT pg_notify($4, $5) FROM (SELECT count(*) FROM up) AS done`,
      [
        rows.map((row) => row.tag),
        rows.map((row) => (row.stale == null ? null : Math.round(row.stale))),
        rows.map((row) => (row.expired == null ? null : Math.round(row.expired))),
        CHANNEL,
        payload.length > MAX_PAYLOAD ? "*" : payload,
      ],
    );
  } catch (error) {
    console.warn("[afterglow] could not share expired cache tags:", String(error));
  }
}

let firstStart;
/**
 * Before serving from the cache: the first call waits for the table (a restarted instance
 * must know what expired while it was down); later calls only retry a start that failed (a
 * lost connection is the listener's to restore).
 */
function ready() {
  if (!firstStart) firstStart = start();
  else if (!loaded && !starting) start().catch(() => undefined);
  return firstStart;
}

module.exports = { ready, publish, CHANNEL };
