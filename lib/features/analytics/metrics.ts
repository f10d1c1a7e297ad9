/**
 * What analytics count (pure: shared by the queries, the page, the CSV and the tests).
 *
 * Every figure is an aggregate of rows, never a stored counter: fans' actions are
 * `engagement_event` rows (rolled up per day by lib/features/analytics/rollup.ts for speed), leads are
 * the `lead` rows of the leads list.
 * - views: counted views (one per visitor and content per 30 minutes, lib/engagement);
 * - uniqueVisitors: distinct visitor ids among those views in the range;
 * - likes: likes given minus likes taken back in the range (all time: the current likes);
 * - shares, comments (as written: a comment later hidden or deleted was still engagement),
 *   downloads;
 * - leads: the people in the leads list, on the day they were first captured (an erased lead
 *   is not counted; a repeated form leaves its lead as it was and is not a new one);
 * - watchSeconds: the seconds of playback the player reported.
 */
export const METRICS = [
  "views",
  "uniqueVisitors",
  "likes",
  "shares",
  "comments",
  "downloads",
  "leads",
  "watchSeconds",
] as const;

export type Metric = (typeof METRICS)[number];

export type Metrics = Record<Metric, number>;

/** The metrics that add up per day (unique visitors do not: a visitor on two days is one). */
export type DailyMetric = Exclude<Metric, "uniqueVisitors">;

export const DAILY_METRICS: readonly DailyMetric[] = METRICS.filter(
  (m): m is DailyMetric => m !== "uniqueVisitors",
);

export type DailyPoint = { day: string } & Record<DailyMetric, number>;

export function emptyMetrics(): Metrics {
  return {
    views: 0,
    uniqueVisitors: 0,
    likes: 0,
    shares: 0,
    comments: 0,
    downloads: 0,
    leads: 0,
    watchSeconds: 0,
  };
}

/** Engagement row types and the metric each feeds (`sign` -1: an unlike takes a like back). */
export const TYPE_METRIC = {
  view: { metric: "views", sign: 1, useTotal: false },
  like: { metric: "likes", sign: 1, useTotal: false },
  unlike: { metric: "likes", sign: -1, useTotal: false },
  share: { metric: "shares", sign: 1, useTotal: false },
  comment: { metric: "comments", sign: 1, useTotal: false },
  download: { metric: "downloads", sign: 1, useTotal: false },
  lead: { metric: "leads", sign: 1, useTotal: false },
  watch_time: { metric: "watchSeconds", sign: 1, useTotal: true },
} as const satisfies Record<string, { metric: DailyMetric; sign: 1 | -1; useTotal: boolean }>;

export type EngagementTypeName = keyof typeof TYPE_METRIC;

/** Adds one aggregate row (`events` rows of `type` whose values sum to `total`) to `into`. */
export function addAggregate(
  into: Record<DailyMetric, number>,
  type: EngagementTypeName,
  events: number,
  total: number,
): void {
  const { metric, sign, useTotal } = TYPE_METRIC[type];
  into[metric] += sign * (useTotal ? total : events);
}

/** One row of the per-content or per-event table (and CSV). */
export interface AnalyticsRow extends Metrics {
  id: string;
  /** Content title or event name. */
  name: string;
  /** Content: its kind (single, photo_gallery …); event: its date (YYYY-MM-DD) or null. */
  detail: string | null;
}

export interface MediaCounts {
  videos: number;
  images: number;
  audios: number;
  documents: number;
}

export interface AnalyticsOverview {
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
  totals: Metrics;
  /** Whether the unique visitors are exact, or a HyperLogLog estimate (many visitors). */
  uniqueVisitorsExact: boolean;
  /** One point per day of the range, oldest first, zero-filled. */
  series: DailyPoint[];
  /** Up to 10 contents with the most views in the range (ties: title), views > 0 only. */
  topContent: AnalyticsRow[];
  /** The company's media files (ready or not) by kind. */
  media: MediaCounts;
}
