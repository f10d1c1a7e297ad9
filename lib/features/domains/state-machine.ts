import type { DnsState, DomainKind, DomainStatus } from "@/lib/generated/prisma/enums";

/**
 * The DNS state machine of subdomains and custom domains (spec §4), pure: what one check saw
 * in, the next state out. The job (`check-domain.ts`) observes and stores; every rule lives here.
 *
 * States: `checking` (nothing seen yet) → `configured` (everything points at the app; the domain
 * becomes active) | `not_found` (NXDOMAIN or no records) | `waiting_verification` (the routing
 * record is right, the ownership TXT is missing or wrong) | `propagating` (some records seen but
 * not consistent yet: a routing record pointing elsewhere or only partly at the app, or the TXT
 * seen before the routing record).
 *
 * Decisions:
 * - Backoff: 1, 2, 4, 8, 16 then every 30 minutes; automatic checks stop after MAX_ATTEMPTS
 *   (about 6 hours, spec §9's propagation window) and the "Check again" action starts over.
 * - Propagation is bounded: 6 hours after it started, a domain still propagating becomes
 *   `not_found` with `propagationTimeout` and automatic checks stop. Its status stays `pending`:
 *   `rejected` is kept for a provider's refusal, which no DNS change on the company's side fixes.
 * - An active domain is checked again every ACTIVE_RECHECK_MS. One failed check does not take it
 *   offline (a resolver's bad minute must not unroute a live site): it stays active and is checked
 *   hourly, and after ACTIVE_FAILURES_TO_DEACTIVATE consecutive failures (about 2 hours without
 *   its records) it goes back to `pending` — routing changes, and the normal backoff runs.
 * - A resolver failure (timeout, SERVFAIL) says nothing about the domain: the state is kept and
 *   the check is retried with the backoff.
 * - A custom domain becomes active only while its company's plan includes custom domains. Records
 *   in place on a plan without them leave it `pending` with `configured` DNS (the settings page
 *   shows the plan gate for that pair) and it is checked again every PLAN_GATED_RECHECK_MS, so an
 *   upgrade brings it live without the owner's help ("Check again" does it at once). Otherwise
 *   a downgraded company could add nothing, but a domain still pending at the downgrade would go
 *   live — and get certificates (tls-allowed serves active domains) — on a plan that excludes it.
 *   An already active domain is not touched here: a lapsed plan redirects it (routing-table.ts).
 */

export const BACKOFF_BASE_MS = 60_000;
export const BACKOFF_CAP_MS = 30 * 60_000;
export const MAX_ATTEMPTS = 16;
export const PROPAGATION_LIMIT_MS = 6 * 60 * 60_000;
export const ACTIVE_RECHECK_MS = 6 * 60 * 60_000;
export const ACTIVE_FAILURE_RECHECK_MS = 60 * 60_000;
export const ACTIVE_FAILURES_TO_DEACTIVATE = 3;
export const PLAN_GATED_RECHECK_MS = 60 * 60_000;

/** What the routing record (CNAME / A / AAAA) looked like. */
export type RoutingSeen = "ok" | "partial" | "wrong" | "missing";
/** What the ownership TXT looked like (custom domains only). */
export type TxtSeen = "ok" | "wrong" | "missing";

export type Observation =
  | { kind: "dns"; routing: RoutingSeen; nxdomain?: boolean; txt?: TxtSeen }
  /** The resolver could not answer (timeout, SERVFAIL, refused). */
  | { kind: "resolverError" }
  /** The DNS provider refused to create the record (4xx): its message is kept. */
  | { kind: "providerRejected"; message: string }
  /** The DNS provider could not be reached or failed (5xx, timeout). */
  | { kind: "providerError" };

export interface CheckState {
  kind: DomainKind;
  status: DomainStatus;
  dnsState: DnsState;
  attempts: number;
  propagatingSince: Date | null;
  activatedAt: Date | null;
}

export interface CheckResult extends CheckState {
  /** An i18n key under `settings.domains.errors.`, or a provider's own message. */
  lastError: string | null;
  lastCheckedAt: Date;
  nextCheckAt: Date | null;
  /** The domain started or stopped being active: the routing tables must reload. */
  routingChanged: boolean;
}

/** The wait before check number `attempts + 1`. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** The DNS state a set of records amounts to, with its error key. */
export function classify(
  seen: Extract<Observation, { kind: "dns" }>,
  kind: DomainKind,
): { dnsState: DnsState; error: string | null } {
  const { routing } = seen;
  const txt = kind === "custom" ? (seen.txt ?? "missing") : "ok";
  if (routing === "ok" && txt === "ok") return { dnsState: "configured", error: null };
  if (routing === "ok") {
    return { dnsState: "waiting_verification", error: txt === "wrong" ? "txtMismatch" : "txtMissing" };
  }
  if (routing === "missing" && (kind === "subdomain" || txt === "missing")) {
    return { dnsState: "not_found", error: seen.nxdomain ? "nxdomain" : "noRecords" };
  }
  return { dnsState: "propagating", error: routing === "missing" ? "routingMissing" : "routingMismatch" };
}

/**
 * The next state after one check of a domain in `current`. `customDomainsAllowed`: whether the
 * company's effective plan includes custom domains now (only read for a custom domain).
 */
export function transition(
  current: CheckState,
  observation: Observation,
  now: Date,
  { customDomainsAllowed = true }: { customDomainsAllowed?: boolean } = {},
): CheckResult {
  const base = { ...current, lastCheckedAt: now, routingChanged: false };
  const attempts = current.attempts + 1;
  const retryOrStop = (n: number) => (n >= MAX_ATTEMPTS ? null : later(now, backoffMs(n)));

  if (observation.kind === "providerRejected") {
    return {
      ...base,
      status: "rejected",
      attempts,
      lastError: observation.message,
      nextCheckAt: null,
      activatedAt: null,
      routingChanged: current.status === "active",
    };
  }

  if (current.status === "active") return whileActive(current, observation, now);

  if (observation.kind === "resolverError" || observation.kind === "providerError") {
    return {
      ...base,
      attempts,
      lastError: observation.kind === "resolverError" ? "resolverFailed" : "providerUnavailable",
      nextCheckAt: retryOrStop(attempts),
    };
  }

  const { dnsState, error } = classify(observation, current.kind);
  if (dnsState === "configured" && current.kind === "custom" && !customDomainsAllowed) {
    return {
      ...base,
      dnsState,
      attempts: 0,
      lastError: null,
      propagatingSince: null,
      nextCheckAt: later(now, PLAN_GATED_RECHECK_MS),
    };
  }
  if (dnsState === "configured") {
    return {
      ...base,
      status: "active",
      dnsState,
      attempts: 0,
      lastError: null,
      propagatingSince: null,
      activatedAt: now,
      nextCheckAt: later(now, ACTIVE_RECHECK_MS),
      routingChanged: true,
    };
  }
  if (dnsState === "propagating") {
    const since = current.propagatingSince ?? now;
    if (now.getTime() - since.getTime() >= PROPAGATION_LIMIT_MS) {
      return {
        ...base,
        dnsState: "not_found",
        attempts,
        lastError: "propagationTimeout",
        propagatingSince: null,
        nextCheckAt: null,
      };
    }
    return {
      ...base,
      dnsState,
      attempts,
      lastError: error,
      propagatingSince: since,
      nextCheckAt: retryOrStop(attempts),
    };
  }
  return {
    ...base,
    dnsState,
    attempts,
    lastError: error,
    propagatingSince: null,
    nextCheckAt: retryOrStop(attempts),
  };
}

/** Re-checks of an active domain: see the decisions at the top. `attempts` counts consecutive failures. */
function whileActive(current: CheckState, observation: Observation, now: Date): CheckResult {
  const base = { ...current, lastCheckedAt: now, routingChanged: false };
  const configured =
    observation.kind === "dns" && classify(observation, current.kind).dnsState === "configured";
  if (configured) {
    return {
      ...base,
      dnsState: "configured",
      attempts: 0,
      lastError: null,
      nextCheckAt: later(now, ACTIVE_RECHECK_MS),
    };
  }
  const failures = current.attempts + 1;
  const error =
    observation.kind === "dns"
      ? (classify(observation, current.kind).error ?? "recordsDisappeared")
      : observation.kind === "resolverError"
        ? "resolverFailed"
        : "providerUnavailable";
  // A resolver or provider failure says nothing about the domain's records: never a reason to unroute it.
  if (observation.kind !== "dns" || failures < ACTIVE_FAILURES_TO_DEACTIVATE) {
    return {
      ...base,
      attempts: observation.kind === "dns" ? failures : current.attempts,
      lastError: error,
      nextCheckAt: later(now, ACTIVE_FAILURE_RECHECK_MS),
    };
  }
  const { dnsState } = classify(observation, current.kind);
  return {
    ...base,
    status: "pending",
    dnsState,
    attempts: 0,
    lastError: "recordsDisappeared",
    activatedAt: null,
    propagatingSince: dnsState === "propagating" ? now : null,
    nextCheckAt: later(now, backoffMs(1)),
    routingChanged: true,
  };
}

/**
 * The "Check again" action (and a new or moved record): back to `checking` with a fresh
 * backoff, checked at once. An active domain stays active (a re-check never unroutes it by
 * itself); a rejected one becomes pending again.
 */
export function restartChecks(current: Pick<CheckState, "status">, now: Date) {
  return {
    status: current.status === "active" ? ("active" as const) : ("pending" as const),
    dnsState: "checking" as const,
    attempts: 0,
    lastError: null,
    propagatingSince: null,
    nextCheckAt: now,
  };
}
