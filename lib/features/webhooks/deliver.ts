import "server-only";
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/core/env";
import { OutboundError, postToPublicAddress, type OutboundSettings } from "@/lib/core/http/outbound";
import { decryptWebhookSecret } from "@/lib/features/webhooks/secret";
import type { WebhookDeliveryJobData } from "@/lib/core/queue/queues";
import {
  CLAIM_LEASE_MS,
  CLAIM_LIMIT,
  CLAIM_PER_COMPANY,
  CLAIM_PER_ENDPOINT,
  nextAttemptAt,
  shouldDisable,
} from "@/lib/features/webhooks/schedule";
import { sendEndpointDisabledEmail } from "@/lib/features/webhooks/disabled-email";

/**
 * Delivery of the outbox (issue #38): one attempt of one message, signed per the Standard
 * Webhooks specification with the `standardwebhooks` package, over the SSRF-safe client of
 * lib/core/http/outbound.ts. At least once: a message is retried until a 2xx answer or its last
 * attempt (lib/features/webhooks/schedule.ts), always with the same `webhook-id`.
 */

export interface WebhookDeliverySettings extends OutboundSettings {
  /** `http://` endpoints are accepted (WEBHOOKS_ALLOW_HTTP: development and tests only). */
  allowHttp: boolean;
}

/** What the app delivers with; tests override the resolvers, the clock-free parts and the address rule. */
export function webhookDeliverySettings(
  overrides: Partial<WebhookDeliverySettings> = {},
): WebhookDeliverySettings {
  const allowHttp = overrides.allowHttp ?? env.WEBHOOKS_ALLOW_HTTP;
  return {
    resolvers: env.DNS_RESOLVERS,
    allowHttp,
    // Where http is allowed (development, tests) so is a local receiver's own port; in
    // production an endpoint is https on 443 (lib/core/http/outbound.ts says why).
    anyPort: allowHttp,
    timeoutMs: 10_000,
    maxBodyBytes: 4096,
    ...overrides,
  };
}

/** Characters of an answer's body kept for the delivery log. */
const EXCERPT_CHARS = 500;

/**
 * Leases are written and read against the database's clock only, never a host's: a scheduler
 * and a worker on different hosts disagree by their skew, and a worker ahead by more than the
 * lease would find every fresh claim already lapsed and deliver nothing. The columns hold UTC
 * without a zone, hence the conversion (correct whatever the session's TimeZone).
 */
const DB_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
const LEASE_END = Prisma.sql`((now() AT TIME ZONE 'UTC') + ${Prisma.raw(`interval '${CLAIM_LEASE_MS} milliseconds'`)})`;

/**
 * Whether a pending row (aliased `d`) is up for a claim: a claimed one once its lease lapsed (the
 * database's clock), an unclaimed one once its attempt is due (the scheduling clock `now`, which
 * tests move forward to stand for retry delays passing).
 */
const dueSql = (now: Date) => Prisma.sql`(
  (d."claimToken" IS NULL AND d."nextAttemptAt" <= ${now})
  OR (d."claimToken" IS NOT NULL AND d."nextAttemptAt" <= ${DB_NOW}))`;

/** One claim of one message: what the delivery job carries (lib/core/queue/queues.ts). */
export type DeliveryClaim = WebhookDeliveryJobData;

/**
 * Claims the pending messages due at `now` (at most `limit`; `dueSql`), moving each one's next
 * attempt a lease past the database's clock so that another scheduler run (or instance) does not claim it again meanwhile, and
 * writing a fresh random token: only an attempt carrying it may send and record (`attemptDelivery`).
 * A lease can lapse (a worker stuck or gone): the next claim writes a new token, and the lapsed
 * claim's attempt, if it ever runs, finds the token changed and does nothing.
 *
 * Fairness between endpoints (they belong to many companies and share the workers): an endpoint
 * gets at most `perEndpoint` messages out at once, and a company `perCompany` over all its
 * endpoints, counting the ones still leased from earlier runs, so one endpoint's backlog of thousands (or a slow endpoint whose attempts pile up) takes
 * a bounded share; and the claim is ordered by each message's turn within its endpoint, so every
 * endpoint's first due message is queued before anyone's second. Returned in that order.
 */
export async function claimDueDeliveries(
  now: Date = new Date(),
  limit = CLAIM_LIMIT,
  perEndpoint = CLAIM_PER_ENDPOINT,
  perCompany = CLAIM_PER_COMPANY,
): Promise<DeliveryClaim[]> {
  // FOR UPDATE may not sit beside a window function: rank first, lock in the next step. The
  // status and due time are checked again under the lock (a concurrent run's committed claim
  // has moved the row out of reach), and SKIP LOCKED passes over rows it is claiming.
  const rows = await db.$queryRaw<{ id: string; claimToken: string; turn: bigint }[]>`
    WITH out AS (
      SELECT "endpointId", "companyId" FROM webhook_delivery
      WHERE status = 'pending'::"WebhookDeliveryStatus" AND "claimToken" IS NOT NULL
        AND "nextAttemptAt" > ${DB_NOW}
    ), busy AS (
      SELECT "endpointId", count(*) AS n FROM out GROUP BY "endpointId"
    ), busy_company AS (
      SELECT "companyId", count(*) AS n FROM out GROUP BY "companyId"
    ), ranked AS (
      SELECT id, "endpointId", "companyId", "nextAttemptAt",
        row_number() OVER (PARTITION BY "endpointId" ORDER BY "nextAttemptAt", id) AS turn
      FROM webhook_delivery d
      WHERE status = 'pending'::"WebhookDeliveryStatus" AND ${dueSql(now)}
    ), within_endpoint AS (
      SELECT r.id, r.turn,
        row_number() OVER (PARTITION BY r."companyId" ORDER BY r.turn, r."nextAttemptAt", r.id) AS company_turn,
        r."companyId"
      FROM ranked r LEFT JOIN busy b ON b."endpointId" = r."endpointId"
      WHERE r.turn <= ${perEndpoint} - COALESCE(b.n, 0)
    ), picked AS (
      SELECT d.id, w.turn FROM webhook_delivery d
      JOIN within_endpoint w ON w.id = d.id
      LEFT JOIN busy_company bc ON bc."companyId" = w."companyId"
      WHERE w.company_turn <= ${perCompany} - COALESCE(bc.n, 0)
        AND d.status = 'pending'::"WebhookDeliveryStatus" AND ${dueSql(now)}
      ORDER BY w.turn, d."nextAttemptAt", d.id
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_delivery d
    SET "nextAttemptAt" = ${LEASE_END}, "claimToken" = gen_random_uuid()::text
    FROM picked WHERE d.id = picked.id
    RETURNING d.id, d."claimToken", picked.turn`;
  return rows
    .sort((a, b) => Number(a.turn - b.turn))
    .map((r) => ({ deliveryId: r.id, claimToken: r.claimToken }));
}

/** How long the delivery log keeps settled messages (delivered or failed for good). */
export const DELIVERY_LOG_DAYS = 30;

/**
 * Deletes settled messages older than the log keeps (they hold leads' personal data: kept no
 * longer than the log needs). Pending ones are never deleted. Returns how many went.
 */
export async function pruneDeliveryLog(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 24 * 3600 * 1000);
  const { count } = await db.webhookDelivery.deleteMany({
    where: { status: { in: ["succeeded", "failed"] }, createdAt: { lt: before } },
  });
  return count;
}

export type AttemptOutcome = "succeeded" | "retrying" | "failed" | "skipped";

/** The signed request of one message: its headers (the timestamp is the real clock: receivers check it). */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  sentAt: Date,
): Record<string, string> {
  const signature = new Webhook(secret).sign(messageId, sentAt, body);
  return {
    "content-type": "application/json",
    "user-agent": "Afterglow-Webhooks/1.0",
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

/**
 * One attempt of one message, by the holder of its claim. `now` is the scheduling clock for the
 * retry and the log (tests move it forward to stand for time passing); the lease is the
 * database's clock; the signature's timestamp is always the wall clock.
 *
 * The attempt first takes the message: one conditional UPDATE that succeeds only while the row
 * is pending and still carries this claim's token, and swaps in a token of the attempt's own
 * (a second job with the same claim takes nothing) with a lease counted from the database's now (an attempt,
 * DNS included, ends within its timeout, far inside the lease). Every write after that is
 * guarded by the attempt's token and the pending status: when a new claim or "send again" has
 * replaced it meanwhile, this attempt's outcome is not recorded over theirs. Returns "skipped"
 * when the message was not taken (or its outcome was not recorded).
 */
export async function attemptDelivery(
  claim: DeliveryClaim,
  options: { now?: Date; settings?: WebhookDeliverySettings; random?: () => number } = {},
): Promise<AttemptOutcome> {
  const now = options.now ?? new Date();
  const settings = options.settings ?? webhookDeliverySettings();
  const deliveryId = claim.deliveryId;
  const attemptToken = randomUUID();
  // A claim whose lease has run out is void even before anyone claims the message again: its
  // job waited too long (a queue behind hanging endpoints), and the message's fair turn is
  // the next claim's, which is also what keeps the per-endpoint and per-company caps true.
  // Both the lapse and the new lease are the database's clock (DB_NOW above says why).
  const taken = await db.$executeRaw`
    UPDATE webhook_delivery SET "claimToken" = ${attemptToken}, "nextAttemptAt" = ${LEASE_END}
    WHERE id = ${deliveryId} AND "claimToken" = ${claim.claimToken}
      AND status = 'pending'::"WebhookDeliveryStatus" AND "nextAttemptAt" > ${DB_NOW}`;
  if (taken === 0) return "skipped";
  /** The row, while this attempt still holds it. */
  const ours = { id: deliveryId, claimToken: attemptToken, status: "pending" as const };
  const delivery = await db.webhookDelivery.findFirst({
    where: ours,
    select: {
      id: true,
      attempts: true,
      payload: true,
      endpoint: { select: { id: true, url: true, enabled: true, secretEncrypted: true } },
    },
  });
  if (!delivery) return "skipped";
  if (!delivery.endpoint.enabled) {
    const { count } = await db.webhookDelivery.updateMany({
      where: ours,
      data: { status: "failed", nextAttemptAt: null, lastError: "endpoint_disabled", claimToken: null },
    });
    return count === 0 ? "skipped" : "failed";
  }

  const body = JSON.stringify(delivery.payload);
  let answer: {
    status: number | null;
    durationMs: number | null;
    excerpt: string | null;
    error: string | null;
  };
  try {
    const url = new URL(delivery.endpoint.url);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && settings.allowHttp)) {
      throw new OutboundError("bad_url", "https only");
    }
    const secret = decryptWebhookSecret(delivery.endpoint.secretEncrypted, delivery.endpoint.id);
    const response = await postToPublicAddress(
      url,
      signedHeaders(secret, delivery.id, body, new Date()),
      body,
      settings,
    );
    const ok = response.status >= 200 && response.status < 300;
    answer = {
      status: response.status,
      durationMs: response.durationMs,
      excerpt: response.body.slice(0, EXCERPT_CHARS) || null,
      error: ok ? null : "http_status",
    };
  } catch (error) {
    const code = error instanceof OutboundError ? error.code : "internal";
    if (!(error instanceof OutboundError))
      console.error("[afterglow] webhook attempt failed", { deliveryId, error });
    answer = { status: null, durationMs: null, excerpt: null, error: code };
  }

  const attempts = delivery.attempts + 1;
  const succeeded = answer.error === null;
  const retryAt = succeeded ? null : nextAttemptAt(attempts, now, options.random);
  const outcome: AttemptOutcome = succeeded ? "succeeded" : retryAt ? "retrying" : "failed";
  const recorded = await db.$transaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: ours,
      data: {
        status: outcome === "retrying" ? "pending" : outcome,
        attempts,
        nextAttemptAt: retryAt,
        lastAttemptAt: now,
        lastStatus: answer.status,
        lastDurationMs: answer.durationMs,
        lastError: answer.error,
        responseExcerpt: answer.excerpt,
        deliveredAt: succeeded ? now : null,
        // The next claim writes a new one: this attempt's token opens nothing after it.
        claimToken: null,
      },
    });
    // Replaced meanwhile ("send again", or a claim after a lease this attempt overran): the
    // message is theirs now, and so is the endpoint's failure count.
    if (count === 0) return null;
    if (succeeded) {
      await tx.webhookEndpoint.update({
        where: { id: delivery.endpoint.id },
        data: { consecutiveFailures: 0, failingSince: null },
      });
      return { disabled: false };
    }
    // Counted in SQL, so concurrent attempts of one endpoint's messages lose no failure.
    const [counted] = await tx.$queryRaw<{ consecutiveFailures: number; failingSince: Date | null }[]>`
      UPDATE webhook_endpoint
      SET "consecutiveFailures" = "consecutiveFailures" + 1, "failingSince" = COALESCE("failingSince", ${now})
      WHERE id = ${delivery.endpoint.id} AND enabled
      RETURNING "consecutiveFailures", "failingSince"`;
    if (!counted || !shouldDisable(counted, now)) return { disabled: false };
    await tx.webhookEndpoint.update({
      where: { id: delivery.endpoint.id },
      data: { enabled: false, disabledReason: "failures", disabledAt: now },
    });
    return { disabled: true };
  });
  if (!recorded) {
    console.warn("[afterglow] webhook attempt outcome not recorded: claimed or sent again meanwhile", {
      deliveryId,
    });
    return "skipped";
  }
  if (recorded.disabled) {
    await sendEndpointDisabledEmail(delivery.endpoint.id).catch((error: unknown) =>
      console.error("[afterglow] webhook disabled e-mail not sent", {
        endpointId: delivery.endpoint.id,
        error,
      }),
    );
  }
  return outcome;
}

/**
 * Claims and attempts every due message now, one after another: what the scheduler job does
 * through the queue, callable directly (tests pass a later clock instead of sleeping).
 */
export async function deliverDueWebhooks(
  options: { now?: Date; settings?: WebhookDeliverySettings; random?: () => number } = {},
): Promise<Record<AttemptOutcome, number>> {
  const counts: Record<AttemptOutcome, number> = { succeeded: 0, retrying: 0, failed: 0, skipped: 0 };
  for (const claim of await claimDueDeliveries(options.now))
    counts[await attemptDelivery(claim, options)] += 1;
  return counts;
}
