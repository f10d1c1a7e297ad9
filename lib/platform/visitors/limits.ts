import { env } from "@/lib/core/env";
import type { LimitCheck } from "@/lib/core/rate-limit/limiter";

export const ENGAGEMENT_ACTIONS = ["like", "comment", "share", "download", "view", "watchTime"] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];

/**
 * The fan-facing limits, chosen so that no row is hot. A festival crowd shares one NAT
 * address: a per-IP counter on every request would be one row that every like of the crowd
 * updates (each waiting for the one before) and a ceiling the whole crowd shares. So:
 *
 * - A request with a valid visitor cookie counts only against its visitor (`eng:<action>:v:<id>`):
 *   the keys are spread over the fans, 2,000 fans behind one address are 2,000 rows, and a
 *   client hammering with one cookie reaches its visitor limit in a fraction of a second
 *   (then the limiter blocks the key in memory, at no database cost).
 * - A request without a valid cookie is a new visitor each time, so its visitor key never
 *   repeats: it counts against its address instead (`eng:anon:ip:<hash>`, all actions
 *   together). Real fans rarely send one: the player asks for its state first (a GET, not
 *   limited, no write), which issues the signed cookie. A cookie-less hammer is stopped after
 *   `anonPerIp` requests, and that row only sees cookie-less traffic, not the crowd.
 *
 * Visitor cookies are signed by the server (lib/platform/visitors/visitor.ts), so a client cannot
 * invent identities; it can only collect fresh ones from answers without a cookie, and those
 * are counted per address (`newVisitorChecks`: a generous ceiling a NAT crowd stays under;
 * past it, answers carry no new id and the client stays cookie-less, so `anonPerIp` holds it).
 */
export interface EngagementLimits {
  windowSeconds: number;
  /** Requests per visitor per window. */
  perVisitor: Record<EngagementAction, number>;
  /** Requests without a valid visitor cookie per address per window, all actions together. */
  anonPerIp: number;
  /**
   * New visitor ids issued per address per window (default `DEFAULT_NEW_VISITORS_PER_IP`). A
   * visitor's allowance is per id, so minting ids must be bounded too; only a fan's first
   * request touches this key, never the crowd's likes.
   */
  newVisitorsPerIp?: number;
}

export const DEFAULT_NEW_VISITORS_PER_IP = 3000;

export function engagementLimitsFromEnv(): EngagementLimits {
  return {
    windowSeconds: 60,
    perVisitor: {
      like: env.RATE_LIMIT_LIKE,
      comment: env.RATE_LIMIT_COMMENT,
      share: env.RATE_LIMIT_SHARE,
      download: env.RATE_LIMIT_DOWNLOAD,
      view: env.RATE_LIMIT_VIEW,
      watchTime: env.RATE_LIMIT_WATCH_TIME,
    },
    anonPerIp: env.RATE_LIMIT_ANON_IP,
    newVisitorsPerIp: env.RATE_LIMIT_NEW_VISITORS_IP,
  };
}

/**
 * The one counter a request adds to: its visitor's when it came with a valid cookie, else
 * its address's (none when the address cannot be trusted: guessing would put strangers
 * into one shared bucket).
 */
/** The counter a request that would be given a new visitor id adds to (none without a trusted address). */
export function newVisitorChecks(limits: EngagementLimits, ipKey: string | null): LimitCheck[] {
  return ipKey
    ? [{ key: `eng:mint:ip:${ipKey}`, limit: limits.newVisitorsPerIp ?? DEFAULT_NEW_VISITORS_PER_IP }]
    : [];
}

export function limitChecks(
  limits: EngagementLimits,
  action: EngagementAction,
  visitor: { id: string; isNew: boolean },
  ipKey: string | null,
): LimitCheck[] {
  if (!visitor.isNew) return [{ key: `eng:${action}:v:${visitor.id}`, limit: limits.perVisitor[action] }];
  return ipKey ? [{ key: `eng:anon:ip:${ipKey}`, limit: limits.anonPerIp }] : [];
}
