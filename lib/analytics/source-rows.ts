import type { Counters } from "@/lib/analytics/dimensions";

/**
 * The figures by visit source (lib/attribution/source.ts) of a range: one row per stored
 * source, the direct visits (no source) as `direct`. Pure: the queries, the page and the CSV
 * share it.
 */
export const DIRECT_KEY = "direct";

export interface SourceRow {
  /** The stored source (`ch:whatsapp`, `qr:…`, `utm:…`, `ref:…`) or `direct`. */
  source: string;
  /** Its readable label (lib/attribution/labels.ts). */
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
 * first (ties: more leads, then the source), labelled by `labels` (keyed by the stored
 * source, `direct` for none).
 */
export function buildSourceRows(
  counters: ReadonlyMap<string | null, Counters>,
  unique: ReadonlyMap<string, number>,
  labels: ReadonlyMap<string, string>,
): SourceRow[] {
  const keys = new Set<string>([...counters.keys()].map((k) => k ?? ""));
  for (const k of unique.keys()) keys.add(k);
  const rows: SourceRow[] = [];
  for (const key of keys) {
    const c = counters.get(key);
    const source = key === "" ? DIRECT_KEY : key;
    rows.push({
      source,
      label: labels.get(source) ?? source,
      views: c?.views ?? 0,
      uniqueVisitors: unique.get(key) ?? 0,
      likes: c?.likes ?? 0,
      shares: c?.shares ?? 0,
      downloads: c?.downloads ?? 0,
      leads: c?.leads ?? 0,
    });
  }
  return rows
    .filter(hasFigures)
    .sort((a, b) => b.views - a.views || b.leads - a.leads || a.source.localeCompare(b.source));
}
