/**
 * Dates entered as a wall-clock time in a time zone ("18 July 2026, 20:00, Europe/Lisbon")
 * and stored in UTC, without a date library: `Intl` knows every zone's offsets.
 */

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone the runtime knows (the form's list). */
export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(date: Date, zone: string): Record<string, number> {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(date)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

/** Offset of `zone` from UTC at `date`, in minutes (Lisbon in summer: +60). */
function offsetMinutes(date: Date, zone: string): number {
  const p = partsIn(date, zone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a wall-clock `date` ("2026-07-18") and `time` ("20:00") in `zone`.
 * In a spring-forward gap the time is taken as if the clocks had not moved yet (an hour
 * later on the wall); in the repeated autumn hour, the first occurrence.
 */
export function zonedTimeToUtc(date: string, time: string, zone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // Two passes settle the offset at the target instant (it may differ from the guess's).
  let utc = wall - offsetMinutes(new Date(wall), zone) * 60_000;
  utc = wall - offsetMinutes(new Date(utc), zone) * 60_000;
  const earlier = wall - offsetMinutes(new Date(utc - 3600_000), zone) * 60_000;
  if (earlier < utc && toWall(new Date(earlier), zone).time === time) return new Date(earlier);
  return new Date(utc);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function toWall(instant: Date, zone: string): { date: string; time: string } {
  const p = partsIn(instant, zone);
  return { date: `${p.year}-${pad(p.month!)}-${pad(p.day!)}`, time: `${pad(p.hour!)}:${pad(p.minute!)}` };
}

/** The wall-clock date and time of `instant` in `zone`, as the form shows them. */
export function utcToZoned(instant: Date, zone: string): { date: string; time: string } {
  return toWall(instant, zone);
}
