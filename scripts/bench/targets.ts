/**
 * The bench's targets (issue #35, and those of #16 that hold), checked against the figures of
 * one run and printed as a table at its end. Every target is on a figure anchored outside the
 * app (nginx serving the same bytes, pgbench on the same database) or absolute; none refers to
 * the app's own static-file figures, which are still printed. A figure that was not measured
 * (a missing tool, a skipped stage) is "not measured", never passed or failed.
 */
import type { BenchValue } from "./results";

export interface Target {
  key: string;
  description: string;
  /** The figure must be ≥ (`atLeast`), < (`below`), ≤ (`atMost`) or exactly (`equals`) the limit. */
  kind: "atLeast" | "below" | "atMost" | "equals";
  limit: number | boolean;
}

export const TARGETS: readonly Target[] = [
  {
    key: "firstVisit.event.ratioToNginx",
    description: "event page first visit ÷ nginx",
    kind: "atLeast",
    limit: 0.1,
  },
  {
    key: "firstVisit.landing.ratioToNginx",
    description: "landing first visit ÷ nginx",
    kind: "atLeast",
    limit: 0.1,
  },
  {
    key: "firstVisit.player.ratioToNginx",
    description: "player first visit ÷ nginx",
    kind: "atLeast",
    limit: 0.1,
  },
  {
    key: "firstVisit.large.ratioToNginx",
    description: "5,000-photo gallery first visit ÷ nginx",
    kind: "atLeast",
    limit: 0.1,
  },
  {
    key: "firstVisit.slowestRequestRps",
    description: "slowest first-visit request, req/s",
    kind: "atLeast",
    limit: 5000,
  },
  { key: "likes.ratioToPostgres", description: "likes/s ÷ pgbench inserts/s", kind: "atLeast", limit: 0.3 },
  { key: "likes.p99Ms", description: "likes p99 with 64 fans, ms", kind: "below", limit: 50 },
  { key: "likes.errors", description: "likes answered with an error", kind: "equals", limit: 0 },
  { key: "likes.exact", description: "like count exact", kind: "equals", limit: true },
  { key: "publicJsKb.max", description: "JavaScript per public page, KB", kind: "atMost", limit: 175 },
  { key: "lighthouse.min", description: "Lighthouse, lowest public page", kind: "atLeast", limit: 95 },
];

export type TargetStatus = "met" | "missed" | "not measured";

export interface TargetRow extends Target {
  value: BenchValue | undefined;
  status: TargetStatus;
}

export function checkTarget(target: Target, value: BenchValue | undefined): TargetStatus {
  if (value === undefined || value === null) return "not measured";
  if (target.kind === "equals") return value === target.limit ? "met" : "missed";
  if (typeof value !== "number" || !Number.isFinite(value) || typeof target.limit !== "number") {
    return "not measured";
  }
  const limit = target.limit;
  const met =
    target.kind === "atLeast" ? value >= limit : target.kind === "below" ? value < limit : value <= limit;
  return met ? "met" : "missed";
}

export function targetRows(figures: Record<string, BenchValue>, targets = TARGETS): TargetRow[] {
  return targets.map((target) => ({
    ...target,
    value: figures[target.key],
    status: checkTarget(target, figures[target.key]),
  }));
}

const SIGNS: Record<Target["kind"], string> = { atLeast: "≥", below: "<", atMost: "≤", equals: "=" };
const limitText = (t: Target) =>
  `${SIGNS[t.kind]} ${typeof t.limit === "number" ? t.limit.toLocaleString("en") : String(t.limit)}`;

const valueText = (value: BenchValue | undefined) =>
  typeof value === "number"
    ? value.toLocaleString("en", { maximumFractionDigits: Math.abs(value) < 1 ? 4 : 1 })
    : value === undefined || value === null
      ? "-"
      : String(value);

/** The table, one line per target. */
export function formatTargets(rows: readonly TargetRow[]): string[] {
  const lines = [
    ["figure".padEnd(32), "what".padEnd(38), "value".padStart(10), "target".padEnd(8), "status"].join("  "),
  ];
  for (const row of rows) {
    lines.push(
      [
        row.key.padEnd(32),
        row.description.padEnd(38),
        valueText(row.value).padStart(10),
        limitText(row).padEnd(8),
        row.status,
      ].join("  "),
    );
  }
  return lines;
}
