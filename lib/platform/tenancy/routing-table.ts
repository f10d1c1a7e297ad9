import pg from "pg";
import { ChannelListener } from "@/lib/core/db-listen.cjs";
import { env } from "@/lib/core/env";
import type { PlanTier } from "@/lib/generated/prisma/enums";
import { effectiveTier } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";
import { ROUTING_CHANNEL } from "@/lib/platform/tenancy/routing-channel";

/**
 * The routing table of `proxy.ts`, in memory per process: active custom domains (hostname →
 * company slug) and released slugs (old slug → the company's current slug). Loaded at first
 * use, reloaded when a change is announced on `ROUTING_CHANNEL` (a LISTEN connection of its
 * own, reconnected with backoff: lib/core/db-listen.cjs) and every minute as a safety net for a
 * missed notification.
 *
 * Next 16 runs `proxy.ts` on Node.js, `require`d once into the server process
 * (next-server.js `loadNodeMiddleware`), so module state and a pg connection live as long as
 * the process. The proxy and the route handlers are separate bundles: the table is kept on
 * `globalThis` so both share one table (and one LISTEN connection) per process. No
 * `server-only` and no Prisma here: the proxy bundle stays small.
 */

export interface RoutingSnapshot {
  /** Active custom domain (lower-case hostname) → its company's current slug. */
  readonly domains: ReadonlyMap<string, string>;
  /** Released slug → its company's current slug (one hop, whatever the chain of changes). */
  readonly redirects: ReadonlyMap<string, string>;
  /**
   * Active custom domains whose company's plan no longer includes them (a trial that ended, a
   * downgrade) → where their requests go meanwhile: every link and QR code printed with the
   * domain keeps working, redirected (302: an upgrade brings the domain back) to the same path
   * on the company's subdomain, or under its slug on the app's host (issue #40).
   */
  readonly lapsed?: ReadonlyMap<string, LapsedDomain>;
}

export interface LapsedDomain {
  /** The company's current slug. */
  slug: string;
  /** Whether its subdomain `{slug}.{root}` is active (its DNS record is live). */
  subdomain: boolean;
}

export const EMPTY_ROUTING: RoutingSnapshot = { domains: new Map(), redirects: new Map() };

export interface RoutingTableOptions {
  connectionString: string;
  /** The safety-net full reload; 60 s unless told. */
  reloadIntervalMs?: number;
  /** First and longest wait before reconnecting a dropped LISTEN connection. */
  backoffMs?: { min: number; max: number };
  log?: (message: string, error?: unknown) => void;
}

// A redirect of a slug that is some company's current slug again would hide that company's
// pages: the company wins (the slug change and onboarding also delete such rows).
const DOMAINS_SQL = `
  SELECT d.hostname, c.slug, c.plan, s."trialActive", s."trialEnd",
    EXISTS (SELECT 1 FROM "domain" sd WHERE sd."companyId" = c.id AND sd.kind = 'subdomain' AND sd.status = 'active')
      AS "hasSubdomain"
  FROM "domain" d JOIN "company" c ON c.id = d."companyId"
  LEFT JOIN "subscription" s ON s."companyId" = c.id
  WHERE d.kind = 'custom' AND d.status = 'active'
  ORDER BY d.hostname`;

interface DomainRow {
  hostname: string;
  slug: string;
  plan: PlanTier;
  trialActive: boolean | null;
  trialEnd: Date | null;
  hasSubdomain?: boolean;
}

/**
 * A custom domain routes while its company's effective plan includes custom domains (a
 * downgrade or the end of a trial turns it into a redirect at the next reload, within a
 * minute: `RoutingSnapshot.lapsed`; an upgrade brings it back). The one plan rule of lib/plans,
 * without the database client.
 */
export function routesCustomDomain(row: DomainRow, now: Date): boolean {
  const trial = { trialActive: row.trialActive ?? false, trialEnd: row.trialEnd };
  return planAllows(effectiveTier(row.plan, trial, now), "customDomains");
}
const REDIRECTS_SQL = `
  SELECT r.slug AS old, c.slug AS current FROM "slug_redirect" r JOIN "company" c ON c.id = r."companyId"
  WHERE r.slug <> c.slug AND NOT EXISTS (SELECT 1 FROM "company" o WHERE o.slug = r.slug)
  ORDER BY r.slug`;

const CONNECT_TIMEOUT_MS = 2_000;

/** A failed first load is not retried by every request while the database is away. */
const FAILURE_QUIET_MS = 2_000;

/** The table could not be loaded a moment ago (already reported): not tried again yet. */
export class RoutingUnavailable extends Error {}

export class RoutingTable {
  private snapshot: RoutingSnapshot | null = null;
  private started: Promise<void> | null = null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private failedAt = 0;
  private readonly listener: ChannelListener;
  private readonly timer: NodeJS.Timeout;
  private readonly pool: pg.Pool;
  /** How many loads have completed (tests wait for a change, never for a time). */
  loads = 0;

  constructor(private readonly options: RoutingTableOptions) {
    // One LISTEN connection per table, whoever asks (first use, a reconnect) and however often.
    this.listener = new ChannelListener({
      connectionString: options.connectionString,
      channel: ROUTING_CHANNEL,
      onNotification: () => void this.reload().catch((e) => this.log("routing reload", e)),
      // Changes may have been announced while nobody listened: read the table again.
      onReconnect: () => this.reload(),
      backoffMs: options.backoffMs,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      unref: true,
      log: (message, error) => this.log(`routing table: ${message}`, error),
    });
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: 1,
      idleTimeoutMillis: 10_000,
      // A database that drops packets must not hold every request of a fresh instance for the
      // system's connect timeout (minutes): the proxy carries on without the table meanwhile.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: CONNECT_TIMEOUT_MS,
      allowExitOnIdle: true,
    });
    this.pool.on("error", (error) => this.log("routing table: idle connection failed", error));
    this.timer = setInterval(() => void this.reload().catch(() => {}), options.reloadIntervalMs ?? 60_000);
    // Neither the timer nor the sockets keep a process (a test worker, a script) alive.
    this.timer.unref();
  }

  /** The table, loaded on first use (listening first, so no change between the two is missed). */
  async current(): Promise<RoutingSnapshot> {
    if (this.snapshot) return this.snapshot;
    if (Date.now() - this.failedAt < FAILURE_QUIET_MS)
      throw new RoutingUnavailable("routing table unavailable");
    this.started ??= this.listener.listen().then(() => this.reload());
    try {
      await this.started;
    } catch (error) {
      this.started = null;
      this.failedAt = Date.now();
      throw error;
    }
    return this.snapshot ?? EMPTY_ROUTING;
  }

  /** The table as last loaded, without loading it. */
  peek(): RoutingSnapshot | null {
    return this.snapshot;
  }

  /**
   * Reads the whole table again. A reload asked for while one runs runs once more after it
   * (that one's queries may have started before the change committed).
   */
  reload(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = (async () => {
      do {
        this.again = false;
        await this.loadOnce();
      } while (this.again);
    })().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.listener.close();
    await this.inFlight?.catch(() => {});
    await this.pool.end().catch(() => {});
  }

  private async loadOnce(): Promise<void> {
    const [domains, redirects] = await Promise.all([
      this.pool.query<DomainRow>(DOMAINS_SQL),
      this.pool.query<{ old: string; current: string }>(REDIRECTS_SQL),
    ]);
    const now = new Date();
    // Rows in a fixed order: the same table reloaded has the same signature (a change empties the micro-cache).
    const routed = new Set(domains.rows.filter((r) => routesCustomDomain(r, now)));
    const next: RoutingSnapshot = {
      domains: new Map([...routed].map((r) => [r.hostname.toLowerCase(), r.slug])),
      redirects: new Map(redirects.rows.map((r) => [r.old, r.current])),
      lapsed: new Map(
        domains.rows
          .filter((r) => !routed.has(r))
          .map((r) => [r.hostname.toLowerCase(), { slug: r.slug, subdomain: r.hasSubdomain === true }]),
      ),
    };
    // A domain or a redirect that comes or goes changes answers the micro-cache may be replaying.
    if (this.snapshot && signature(this.snapshot) !== signature(next)) clearPageMicrocache();
    this.snapshot = next;
    this.loads++;
  }

  private log(message: string, error?: unknown): void {
    (this.options.log ?? ((m, e) => console.error(m, e)))(message, error);
  }
}

const KEY = Symbol.for("afterglow.routingTable");
const processGlobal = globalThis as unknown as { [KEY]?: RoutingTable };

/** The process's one table (shared by the proxy and route handlers), created on first use. */
export function routingTable(): RoutingTable {
  const existing = processGlobal[KEY];
  if (existing) return existing;
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: the routing table cannot load.");
  const table = new RoutingTable({ connectionString: env.DATABASE_URL });
  processGlobal[KEY] = table;
  return table;
}

function signature(snapshot: RoutingSnapshot): string {
  return JSON.stringify([[...snapshot.domains], [...snapshot.redirects], [...(snapshot.lapsed ?? [])]]);
}

/** Empties this process's page micro-cache (server/page-microcache.cjs), when the server has one. */
function clearPageMicrocache(): void {
  const holder = globalThis as { [key: symbol]: { clear(): void } | undefined };
  holder[Symbol.for("afterglow.pageMicrocache")]?.clear();
}
