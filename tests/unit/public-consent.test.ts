import { describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  appendAudit,
  CONSENT_VERSION,
  consentModeSignals,
  DECLINE,
  decisionOf,
  makeConsent,
  parseConsent,
  type AuditEntry,
} from "@/lib/surfaces/public-site/consent";

const day = 24 * 60 * 60 * 1000;
const t0 = new Date("2026-03-01T12:00:00Z");

describe("cookie consent", () => {
  it("accept turns every category on; decline keeps necessary and functional", () => {
    expect(ACCEPT_ALL).toEqual({ necessary: true, functional: true, analytics: true, marketing: true });
    expect(DECLINE).toEqual({ necessary: true, functional: true, analytics: false, marketing: false });
    expect(decisionOf(ACCEPT_ALL)).toBe("accepted");
    expect(decisionOf(DECLINE)).toBe("declined");
    expect(decisionOf({ ...DECLINE, analytics: true })).toBe("custom");
  });

  it("never stores necessary as off, and records version 1.0 and the date", () => {
    const record = makeConsent({ ...DECLINE, necessary: false }, "custom", t0);
    expect(record.preferences.necessary).toBe(true);
    expect(record.version).toBe("1.0");
    expect(CONSENT_VERSION).toBe("1.0");
    expect(record.date).toBe(t0.toISOString());
  });

  it("expires after 365 days", () => {
    const raw = JSON.stringify(makeConsent(ACCEPT_ALL, "accepted", t0));
    expect(parseConsent(raw, new Date(t0.getTime() + 364 * day))?.decision).toBe("accepted");
    expect(parseConsent(raw, new Date(t0.getTime() + 366 * day))).toBeNull();
  });

  it("ignores malformed or other-version records", () => {
    expect(parseConsent(null, t0)).toBeNull();
    expect(parseConsent("{", t0)).toBeNull();
    expect(
      parseConsent(JSON.stringify({ ...makeConsent(ACCEPT_ALL, "accepted", t0), version: "0.9" }), t0),
    ).toBeNull();
    expect(
      parseConsent(JSON.stringify({ version: "1.0", date: t0.toISOString(), preferences: {} }), t0),
    ).toBeNull();
  });

  it("keeps the last 10 audit entries", () => {
    let log: AuditEntry[] = [];
    for (let i = 0; i < 13; i++) {
      log = appendAudit(log, { time: String(i), preferences: DECLINE, userAgent: "ua", url: "/" });
    }
    expect(log).toHaveLength(10);
    expect(log[0]?.time).toBe("3");
    expect(log.at(-1)?.time).toBe("12");
    expect(
      appendAudit("not an array", { time: "x", preferences: DECLINE, userAgent: "", url: "" }),
    ).toHaveLength(1);
  });

  it("maps preferences to consent-mode signals", () => {
    expect(consentModeSignals(DECLINE)).toMatchObject({ analytics_storage: "denied", ad_storage: "denied" });
    expect(consentModeSignals(ACCEPT_ALL)).toMatchObject({
      analytics_storage: "granted",
      ad_user_data: "granted",
    });
  });
});
