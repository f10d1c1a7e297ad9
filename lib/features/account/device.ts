import Bowser from "bowser";

export type DeviceType = "desktop" | "mobile" | "tablet" | "tv" | "unknown";

export interface DeviceSummary {
  /** "Chrome 142", or null when the user agent names no browser we know. */
  browser: string | null;
  /** "macOS", "Android 14", or null. */
  os: string | null;
  type: DeviceType;
}

const TYPES = new Set<DeviceType>(["desktop", "mobile", "tablet", "tv"]);

/**
 * A session's user agent as people read it (issue #18: not the raw string). Only the major
 * version of the browser: the rest is noise for "is this my laptop?".
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  if (!userAgent) return { browser: null, os: null, type: "unknown" };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(" ") : null;
  const osVersion = parsed.os.versionName ?? parsed.os.version?.split(".")[0];
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(" ") : null;
  const type = TYPES.has(parsed.platform.type as DeviceType)
    ? (parsed.platform.type as DeviceType)
    : "unknown";
  return { browser, os, type };
}

/**
 * The address to show, or null: an unspecified address (0.0.0.0, ::, their mapped forms)
 * only says the server did not learn it, so it is "unknown", never shown as if it were one.
 */
export function displayIp(ip: string | null | undefined): string | null {
  const value = ip?.trim();
  if (!value) return null;
  const unspecified = /^(?:0+\.){3}0+$|^[0:]+$|^::ffff:(?:0+\.){3}0+$/i;
  return unspecified.test(value) ? null : value;
}
