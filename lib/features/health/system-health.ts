import "server-only";
import { mailSmtpUrl } from "@/lib/core/mail";
import { verifySmtp } from "@/lib/core/mail/transport";
import { stripeClient, type Stripe } from "@/lib/features/billing/stripe";
import { createCloudflareClient, type CloudflareConfig } from "@/lib/features/domains/cloudflare";
import { domainSettings } from "@/lib/features/domains/settings";
import { checkHealth, PROBE_TIMEOUT_MS, withTimeout } from "@/lib/features/health/check-health";
import { readQueueStats, workerState, type QueueStats } from "@/lib/features/health/job-queue";

/**
 * The admin status page's report: every part the app depends on, each "ok", "error" or
 * "not_configured" (an optional service the deployment did without: the embedded default has
 * no Stripe, no SMTP relay, no DNS provider). All probes run in parallel, each bounded by the
 * probe timeout, so one hanging service costs the page at most that long. Only for admins
 * (status.view): /api/health keeps its two-word public answer (check-health.ts).
 */
export type PartState = "ok" | "error" | "not_configured";

export interface PartHealth {
  state: PartState;
  /** Why, as a message key of `status.reasons` (with its values), when there is one to give. */
  reason?: { key: string; values?: Record<string, string | number> };
}

export interface SystemHealth {
  database: PartHealth;
  storage: PartHealth;
  queue: PartHealth & { stats: QueueStats | null };
  worker: PartHealth & { seenAt: Date | null };
  mail: PartHealth;
  stripe: PartHealth;
  dns: PartHealth;
}

/** What the report probes; the defaults read the deployment (env), tests pass their own. */
export interface SystemHealthSources {
  smtpUrl: string | null;
  stripe: Stripe | null;
  cloudflare: CloudflareConfig | null;
  /** The host whose CNAME the DNS check looks up (the app's own). */
  appHost: string;
  timeoutMs: number;
  now: () => Date;
}

function defaultSources(): SystemHealthSources {
  const domains = domainSettings();
  return {
    smtpUrl: mailSmtpUrl(),
    stripe: stripeClient(),
    cloudflare: domains.cloudflare,
    appHost: domains.appHost,
    timeoutMs: PROBE_TIMEOUT_MS,
    now: () => new Date(),
  };
}

const ok: PartHealth = { state: "ok" };
const failed = (key: string): PartHealth => ({ state: "error", reason: { key } });
const timedOut = (error: unknown) => (error as Error)?.message === "timeout";

async function mailHealth(sources: SystemHealthSources): Promise<PartHealth> {
  if (!sources.smtpUrl) return { state: "not_configured", reason: { key: "mailOutbox" } };
  const smtpUrl = sources.smtpUrl;
  try {
    await withTimeout(() => verifySmtp(smtpUrl, sources.timeoutMs), sources.timeoutMs);
    return ok;
  } catch (error) {
    return failed(timedOut(error) ? "timeout" : "smtpUnreachable");
  }
}

async function stripeHealth(sources: SystemHealthSources): Promise<PartHealth> {
  const stripe = sources.stripe;
  if (!stripe) return { state: "not_configured", reason: { key: "stripeMissing" } };
  try {
    // The cheapest authenticated read: one price. No retry: a health answer must be prompt.
    await withTimeout(
      () => stripe.prices.list({ limit: 1 }, { timeout: sources.timeoutMs, maxNetworkRetries: 0 }),
      sources.timeoutMs,
    );
    return ok;
  } catch (error) {
    return failed(timedOut(error) ? "timeout" : "stripeUnreachable");
  }
}

async function dnsHealth(sources: SystemHealthSources): Promise<PartHealth> {
  const config = sources.cloudflare;
  if (!config) return { state: "not_configured", reason: { key: "dnsWildcard" } };
  try {
    // One authenticated read of the zone (the app's own CNAME), as the domain checks do.
    const client = createCloudflareClient({ ...config, timeoutMs: sources.timeoutMs });
    await withTimeout(() => client.findRecord("CNAME", sources.appHost), sources.timeoutMs);
    return ok;
  } catch (error) {
    return failed(timedOut(error) ? "timeout" : "dnsUnreachable");
  }
}

async function queueAndWorker(sources: SystemHealthSources): Promise<Pick<SystemHealth, "queue" | "worker">> {
  let stats: QueueStats;
  try {
    stats = await withTimeout(readQueueStats, sources.timeoutMs);
  } catch (error) {
    const down = failed(timedOut(error) ? "timeout" : "queueUnreadable");
    return { queue: { ...down, stats: null }, worker: { ...down, seenAt: null } };
  }
  const worker = workerState(stats, sources.now());
  const minutes = Math.floor((stats.oldestQueuedSeconds ?? 0) / 60);
  return {
    queue: { state: "ok", stats },
    worker: {
      seenAt: stats.workerSeenAt,
      ...(worker === "ok"
        ? ok
        : worker === "stalled"
          ? { state: "error", reason: { key: "workerStalled", values: { minutes } } }
          : failed(stats.workerSeenAt ? "workerSilent" : "workerNeverSeen")),
    },
  };
}

/** The full report, every probe at once. */
export async function systemHealth(overrides: Partial<SystemHealthSources> = {}): Promise<SystemHealth> {
  const sources = { ...defaultSources(), ...overrides };
  const [base, jobs, mail, stripe, dns] = await Promise.all([
    checkHealth(),
    queueAndWorker(sources),
    mailHealth(sources),
    stripeHealth(sources),
    dnsHealth(sources),
  ]);
  return {
    database: base.db === "ok" ? ok : failed("unreachable"),
    storage: base.storage === "ok" ? ok : failed("unreachable"),
    ...jobs,
    mail,
    stripe,
    dns,
  };
}
