/**
 * Cookie consent rules (spec §4, §9), free of the DOM so they are unit-tested:
 * four categories; Accept turns all on; Decline keeps necessary and functional; necessary
 * can never be off; a decision records version 1.0 and its date and lasts 365 days; an audit
 * log in local storage keeps the last 10 changes.
 */
export const CONSENT_VERSION = "1.0";
export const CONSENT_TTL_DAYS = 365;
export const BANNER_DELAY_MS = 2000;
export const STATUS_CARD_MS = 3000;
export const AUDIT_LIMIT = 10;

export const STORAGE_KEYS = {
  consent: "cookie-consent",
  bannerSeen: "cookie-banner-seen",
  audit: "cookie-consent-audit",
  statusShown: "cookie-status-shown",
} as const;

/** Dispatched on `window` to open the settings dialog (footer link, /cookies page). */
export const OPEN_SETTINGS_EVENT = "afterglow:open-cookie-settings";

export const CONSENT_CATEGORIES = ["necessary", "functional", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentPreferences = Record<ConsentCategory, boolean>;
export type ConsentDecision = "accepted" | "declined" | "custom";

export interface ConsentRecord {
  preferences: ConsentPreferences;
  decision: ConsentDecision;
  version: string;
  /** ISO date of the decision. */
  date: string;
}

export interface AuditEntry {
  time: string;
  preferences: ConsentPreferences;
  userAgent: string;
  url: string;
}

export const ACCEPT_ALL: ConsentPreferences = {
  necessary: true,
  functional: true,
  analytics: true,
  marketing: true,
};
export const DECLINE: ConsentPreferences = {
  necessary: true,
  functional: true,
  analytics: false,
  marketing: false,
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function makeConsent(
  preferences: ConsentPreferences,
  decision: ConsentDecision,
  now: Date,
): ConsentRecord {
  return {
    preferences: { ...preferences, necessary: true },
    decision,
    version: CONSENT_VERSION,
    date: now.toISOString(),
  };
}

export function decisionOf(preferences: ConsentPreferences): ConsentDecision {
  if (CONSENT_CATEGORIES.every((c) => preferences[c])) return "accepted";
  if (CONSENT_CATEGORIES.every((c) => preferences[c] === DECLINE[c])) return "declined";
  return "custom";
}

export function isExpired(record: ConsentRecord, now: Date): boolean {
  const date = Date.parse(record.date);
  return !Number.isFinite(date) || now.getTime() - date > CONSENT_TTL_DAYS * DAY_MS;
}

/** The stored decision if it is well-formed, of the current version and not expired; else null. */
export function parseConsent(raw: string | null, now: Date): ConsentRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value as Partial<ConsentRecord>;
  if (v.version !== CONSENT_VERSION || typeof v.date !== "string" || typeof v.preferences !== "object")
    return null;
  const prefs = v.preferences as Partial<ConsentPreferences> | null;
  if (!prefs || !CONSENT_CATEGORIES.every((c) => typeof prefs[c] === "boolean")) return null;
  const record = makeConsent(
    prefs as ConsentPreferences,
    decisionOf(prefs as ConsentPreferences),
    new Date(v.date),
  );
  record.date = v.date;
  return isExpired(record, now) ? null : record;
}

export function appendAudit(log: unknown, entry: AuditEntry, limit = AUDIT_LIMIT): AuditEntry[] {
  const previous = Array.isArray(log) ? (log as AuditEntry[]) : [];
  return [...previous, entry].slice(-limit);
}

/** Google consent mode v2 signals for a set of preferences. */
export function consentModeSignals(preferences: ConsentPreferences): Record<string, "granted" | "denied"> {
  const g = (on: boolean) => (on ? "granted" : "denied");
  return {
    security_storage: "granted",
    functionality_storage: g(preferences.functional),
    personalization_storage: g(preferences.functional),
    analytics_storage: g(preferences.analytics),
    ad_storage: g(preferences.marketing),
    ad_user_data: g(preferences.marketing),
    ad_personalization: g(preferences.marketing),
  };
}
