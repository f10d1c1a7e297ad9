/** Display helpers shared by server and browser code (no environment, no Node APIs). */

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}

/** "200 MB", "2 GB", "1.5 GB": sizes as users read them (binary units, as the limits are). */
export function formatBytes(bytes: number | bigint): string {
  const n = Number(bytes);
  if (n >= GB) return `${trim(n / GB)} GB`;
  if (n >= MB) return `${trim(n / MB)} MB`;
  if (n >= KB) return `${trim(n / KB)} KB`;
  return `${n} B`;
}

/**
 * The one clock-style duration, for the admin and the public pages alike: h:mm:ss from an
 * hour up, m:ss below ("1:02:03", "1:23"). Null stays null (a file without a duration).
 */
export function formatDuration(ms: number): string;
export function formatDuration(ms: number | null): string | null;
export function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  const total = Number.isFinite(ms) && ms > 0 ? Math.round(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * An instant for someone whose time zone is unknown (an e-mailed reviewer): in UTC, saying so
 * ("3 December 2026, 18:00 UTC").
 */
export function formatUtcInstant(instant: Date, intlTag: string): string {
  return new Intl.DateTimeFormat(intlTag, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(instant);
}
