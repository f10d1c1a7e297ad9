/**
 * Every cookie and browser-storage entry Afterglow sets, for the per-cookie table of the cookie
 * policy (/cookies, issue #40). A name here is a copy of the constant the code sets it with
 * (tests/unit/cookie-inventory.test.ts compares each one and its lifetime), so the table
 * cannot drift from what browsers actually receive. Purposes are in messages/*.json under
 * `legal.cookieTable.purposes.<id>`.
 */
export type StorageKind = "cookie" | "localStorage" | "sessionStorage";
export type CookieCategory = "necessary" | "functional";
/** How long it lasts: a fixed span, until the tab closes, or until the person clears it. */
export type Lifetime =
  | { span: "minutes" | "hours" | "days"; count: number }
  | { span: "tab" }
  | { span: "untilCleared" }
  | { span: "untilSignOut" }
  | { span: "session"; maxDays: number };

export interface StorageEntry {
  /** Key of its purpose in `legal.cookieTable.purposes`. */
  id: string;
  /** What the browser shows; `<id>` stands for a gallery's, event's or content's id. */
  name: string;
  kind: StorageKind;
  category: CookieCategory;
  lifetime: Lifetime;
  /** Set only in the organisers' admin area, never on fans' pages. */
  adminOnly?: boolean;
}

export const STORAGE_INVENTORY: readonly StorageEntry[] = [
  {
    id: "locale",
    name: "NEXT_LOCALE",
    kind: "cookie",
    category: "necessary",
    lifetime: { span: "days", count: 365 },
  },
  {
    id: "session",
    name: "afterglow.session_token",
    kind: "cookie",
    category: "necessary",
    lifetime: { span: "session", maxDays: 7 },
    adminOnly: true,
  },
  {
    id: "twoFactor",
    name: "afterglow.two_factor",
    kind: "cookie",
    category: "necessary",
    lifetime: { span: "minutes", count: 10 },
    adminOnly: true,
  },
  {
    id: "trustDevice",
    name: "afterglow.trust_device",
    kind: "cookie",
    category: "necessary",
    lifetime: { span: "days", count: 30 },
    adminOnly: true,
  },
  {
    id: "unlock",
    name: "ag_unlock_<id>, ag_unlock_ev_<id>",
    kind: "cookie",
    category: "necessary",
    lifetime: { span: "hours", count: 12 },
  },
  {
    id: "zip",
    name: "ag_zip",
    kind: "cookie",
    category: "necessary",
    lifetime: { span: "minutes", count: 2 },
  },
  {
    id: "visitor",
    name: "ag_vid",
    kind: "cookie",
    category: "functional",
    lifetime: { span: "days", count: 365 },
  },
  {
    id: "source",
    name: "ag_src",
    kind: "cookie",
    category: "functional",
    lifetime: { span: "days", count: 1 },
  },
  {
    id: "consent",
    name: "cookie-consent, cookie-banner-seen, cookie-consent-audit",
    kind: "localStorage",
    category: "necessary",
    lifetime: { span: "days", count: 365 },
  },
  {
    id: "consentStatus",
    name: "cookie-status-shown",
    kind: "sessionStorage",
    category: "necessary",
    lifetime: { span: "tab" },
  },
  {
    id: "theme",
    name: "theme",
    kind: "localStorage",
    category: "functional",
    lifetime: { span: "untilCleared" },
  },
  {
    id: "language",
    name: "language",
    kind: "localStorage",
    category: "functional",
    lifetime: { span: "untilCleared" },
  },
  {
    id: "favourites",
    name: "ag_fav:<id>",
    kind: "localStorage",
    category: "functional",
    lifetime: { span: "untilCleared" },
  },
  {
    id: "lastActivity",
    name: "afterglow.lastActivity",
    kind: "localStorage",
    category: "necessary",
    lifetime: { span: "untilSignOut" },
    adminOnly: true,
  },
  {
    id: "uploads",
    name: "afterglow.uploads.v1",
    kind: "localStorage",
    category: "necessary",
    lifetime: { span: "hours", count: 20 },
    adminOnly: true,
  },
  {
    id: "trialBanner",
    name: "afterglow.trialBannerDismissed",
    kind: "sessionStorage",
    category: "functional",
    lifetime: { span: "tab" },
    adminOnly: true,
  },
];
