import type { Counters } from "@/lib/features/analytics/dimensions";

/**
 * The figures by visit source (lib/platform/attribution/source.ts) of a range: one row per stored
 * source, the direct visits (no source) as `direct`. Pure: the queries, the page and the CSV
 * share it.
 */
export const DIRECT_KEY = "direct";

/**
 * Sources are typed by the world (any `utm_source`, any referring site, forged cookies): past
 * this many rows the least viewed are summed into one `other` row, so the table, the CSV and
 * the label lookups stay bounded.
 */
export const MAX_SOURCE_ROWS = 50;
export const OTHER_KEY = "other";

export interface SourceRow {
  /** The stored source (`ch:whatsapp`, `qr:…`, `utm:…`, `ref:…`) or `direct`. */
  source: string;
  /** Its readable label (lib/platform/attribution/labels.ts). */
  label: string;
  views: number;
  uniqueVisitors: number;
  likes: number;
  shares: number;
  downloads: number;
  leads: number;
}

/** Whether a source row has anything to show (a source whose likes were all taken back has not). */
function hasFigures(row: SourceRow): boolean {
  return row.views + row.uniqueVisitors + row.shares + row.downloads + row.leads + Math.abs(row.likes) > 0;
}

/**
 * Rows from the counts and unique visitors per stored source (key "" = direct), most viewed
 * first (ties: more leads, then the source), at most `MAX_SOURCE_ROWS` (the rest summed as
 * `other`, whose unique visitors are the sum: an upper bound); unlabelled (`labelSourceRows`).
 */
export function buildSourceRows(
  counters: ReadonlyMap<string | null, Counters>,
  unique: ReadonlyMap<string, number>,
  max: number = MAX_SOURCE_ROWS,
): SourceRow[] {
  const keys = new Set<string>([...counters.keys()].map((k) => k ?? ""));
  for (const k of unique.keys()) keys.add(k);
  const rows: SourceRow[] = [];
  for (const key of keys) {
    const c = counters.get(key);
    const source = key === "" ? DIRECT_KEY : key;
    rows.push({
      source,
      label: source,
      views: c?.views ?? 0,
      uniqueVisitors: unique.get(key) ?? 0,
      likes: c?.likes ?? 0,
      shares: c?.shares ?? 0,
      downloads: c?.downloads ?? 0,
      leads: c?.leads ?? 0,
    });
  }
  const sorted = rows
    .filter(hasFigures)
    .sort((a, b) => b.views - a.views || b.leads - a.leads || a.source.localeCompare(b.source));
  if (sorted.length <= max) return sorted;
  const kept = sorted.slice(0, max - 1);
  const other: SourceRow = {
    source: OTHER_KEY,
    label: OTHER_KEY,
    views: 0,
    uniqueVisitors: 0,
    likes: 0,
    shares: 0,
    downloads: 0,
    leads: 0,
  };
  for (const row of sorted.slice(max - 1)) {
    other.views += row.views;
    other.uniqueVisitors += row.uniqueVisitors;
    other.likes += row.likes;
    other.shares += row.shares;
    other.downloads += row.downloads;
    other.leads += row.leads;
  }
  return [...kept, other];
}

/** The rows with their readable labels (keyed by the stored source, `direct` for none). */
export function labelSourceRows(
  rows: readonly SourceRow[],
  labels: ReadonlyMap<string, string>,
): SourceRow[] {
  return rows.map((row) => ({ ...row, label: labels.get(row.source) ?? row.source }));
}
