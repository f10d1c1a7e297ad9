import { env } from "@/lib/env";
import type { LimitCheck } from "@/lib/rate-limit/limiter";

export const ENGAGEMENT_ACTIONS = ["like", "comment", "share", "download", "view", "watchTime"] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];

export interface EngagementLimits {
  windowSeconds: number;
  /** Requests per visitor per window. */
  perVisitor: Record<EngagementAction, number>;
  /** Per IP: this many times the visitor's limit (a crowd behind one NAT shares an address). */
  ipFactor: number;
}

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
    ipFactor: env.RATE_LIMIT_IP_FACTOR,
  };
}

/** The counters one request adds to: its visitor's and, when its address is known, its IP's. */
export function limitChecks(
  limits: EngagementLimits,
  action: EngagementAction,
  visitorId: string,
  ipKey: string | null,
): LimitCheck[] {
  const perVisitor = limits.perVisitor[action];
  const checks: LimitCheck[] = [{ key: `eng:${action}:v:${visitorId}`, limit: perVisitor }];
  if (ipKey) checks.push({ key: `eng:${action}:ip:${ipKey}`, limit: perVisitor * limits.ipFactor });
  return checks;
}
