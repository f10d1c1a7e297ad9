/**
 * When a failed delivery is tried again, and when an endpoint that keeps failing is turned off
 * (issue #38). Pure: the worker passes its clock, the tests theirs.
 *
 * Delays after each failed attempt, Standard Webhooks' suggested shape stretched to about
 * three days: a receiver restarting is caught within a minute, one down for a weekend still
 * gets its events. Eleven attempts in all; each delay gets up to 10 % of jitter, so endpoints
 * that failed together do not all come back at the same second.
 */
export const RETRY_DELAYS_SECONDS = [
  5,
  60,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  20 * 3600,
] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * When attempt number `attempts + 1` is due after `attempts` failed ones, or null when none is
 * left (the delivery has failed for good). `random` in [0, 1) draws the jitter.
 */
export function nextAttemptAt(attempts: number, now: Date, random: () => number = Math.random): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return null;
  return new Date(now.getTime() + Math.round(delay * 1000 * (1 + 0.1 * random())));
}

/** An endpoint failing this long without a single success is turned off and its admins told. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600 * 1000;
/** …but never on fewer failed attempts than this: one event's retries alone take three days. */
export const DISABLE_MIN_FAILURES = 10;

export function shouldDisable(
  endpoint: { consecutiveFailures: number; failingSince: Date | null },
  now: Date,
): boolean {
  return (
    endpoint.failingSince !== null &&
    endpoint.consecutiveFailures >= DISABLE_MIN_FAILURES &&
    now.getTime() - endpoint.failingSince.getTime() >= DISABLE_AFTER_MS
  );
}

/** A claimed delivery is left alone this long (more than an attempt's timeout) before it is claimed again. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

/** Messages one scheduler run claims at most (it runs every minute). */
export const CLAIM_LIMIT = 100;

/**
 * Messages of one endpoint out at once at most (claimed and not yet settled, over every run).
 * An endpoint is one company's: ten 10-second timeouts of a slow endpoint stay bounded, and a
 * fast endpoint still drains ten messages a minute, retries apart (the company's cap below
 * shares those ten among its endpoints: a burst of 300 leads to three endpoints, 900 messages,
 * takes about an hour and a half).
 */
export const CLAIM_PER_ENDPOINT = 10;

/**
 * …and of one company, over all its endpoints (up to 10). A company whose endpoints all hang
 * (a host that accepts and never answers, reached on purpose or not) holds at most this many
 * 10-second attempts a minute: 100 slot-seconds of the 480 a minute that one worker's
 * WEBHOOK_DELIVERY_CONCURRENCY slots have (each slot fetches its own job), and every other
 * company's messages go on.
 */
export const CLAIM_PER_COMPANY = 10;

/** Attempts one worker process runs at once (each waits on the network, not the CPU). */
export const WEBHOOK_DELIVERY_CONCURRENCY = 8;
