import { describe, expect, it } from "vitest";
import {
  ACTIVE_FAILURE_RECHECK_MS,
  ACTIVE_FAILURES_TO_DEACTIVATE,
  ACTIVE_RECHECK_MS,
  BACKOFF_CAP_MS,
  backoffMs,
  classify,
  MAX_ATTEMPTS,
  PROPAGATION_LIMIT_MS,
  restartChecks,
  transition,
  type CheckState,
  type Observation,
} from "@/lib/features/domains/state-machine";

const now = new Date("2026-11-24T12:00:00Z");
const minutes = (n: number) => n * 60_000;
const at = (ms: number) => new Date(now.getTime() + ms);

const pendingCustom: CheckState = {
  kind: "custom",
  status: "pending",
  dnsState: "checking",
  attempts: 0,
  propagatingSince: null,
  activatedAt: null,
};
const pendingSub: CheckState = { ...pendingCustom, kind: "subdomain" };
const activeCustom: CheckState = {
  ...pendingCustom,
  status: "active",
  dnsState: "configured",
  activatedAt: new Date("2026-11-20T00:00:00Z"),
};
const dns = (
  routing: "ok" | "partial" | "wrong" | "missing",
  txt?: "ok" | "wrong" | "missing",
  nxdomain = false,
): Observation => ({
  kind: "dns",
  routing,
  nxdomain,
  ...(txt ? { txt } : {}),
});

describe("classify: every combination of routing and TXT", () => {
  const cases: [Parameters<typeof dns>, "custom" | "subdomain", string, string | null][] = [
    [["ok", "ok"], "custom", "configured", null],
    [["ok", "missing"], "custom", "waiting_verification", "txtMissing"],
    [["ok", "wrong"], "custom", "waiting_verification", "txtMismatch"],
    [["missing", "missing", true], "custom", "not_found", "nxdomain"],
    [["missing", "missing"], "custom", "not_found", "noRecords"],
    [["missing", "ok"], "custom", "propagating", "routingMissing"],
    [["missing", "wrong"], "custom", "propagating", "routingMissing"],
    [["partial", "ok"], "custom", "propagating", "routingMismatch"],
    [["partial", "missing"], "custom", "propagating", "routingMismatch"],
    [["wrong", "ok"], "custom", "propagating", "routingMismatch"],
    [["wrong", "wrong"], "custom", "propagating", "routingMismatch"],
    [["wrong", "missing"], "custom", "propagating", "routingMismatch"],
    [["ok"], "subdomain", "configured", null],
    [["missing", undefined, true], "subdomain", "not_found", "nxdomain"],
    [["missing"], "subdomain", "not_found", "noRecords"],
    [["partial"], "subdomain", "propagating", "routingMismatch"],
    [["wrong"], "subdomain", "propagating", "routingMismatch"],
  ];
  it.each(cases)("%j on a %s → %s (%s)", (args, kind, dnsState, error) => {
    const seen = dns(...args) as Extract<Observation, { kind: "dns" }>;
    expect(classify(seen, kind)).toEqual({ dnsState, error });
  });
  it("a custom domain without a TXT answer counts it as missing", () => {
    expect(classify({ kind: "dns", routing: "ok" }, "custom").dnsState).toBe("waiting_verification");
  });
});

describe("backoff", () => {
  it("doubles from one minute and stops growing at 30 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    expect(backoffMs(0)).toBe(minutes(1));
    expect(backoffMs(100)).toBe(BACKOFF_CAP_MS);
  });
  it("automatic checks cover about six hours before they stop", () => {
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffMs(i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(total).toBeGreaterThanOrEqual(minutes(5 * 60));
    expect(total).toBeLessThanOrEqual(minutes(7 * 60));
  });
});

describe("transition from pending", () => {
  it("checking → configured: active, attempts reset, re-checked in 6 hours, routing changed", () => {
    const next = transition(
      { ...pendingCustom, attempts: 4, propagatingSince: at(-minutes(30)) },
      dns("ok", "ok"),
      now,
    );
    expect(next).toMatchObject({
      status: "active",
      dnsState: "configured",
      attempts: 0,
      lastError: null,
      propagatingSince: null,
      activatedAt: now,
      lastCheckedAt: now,
      nextCheckAt: at(ACTIVE_RECHECK_MS),
      routingChanged: true,
    });
  });
  it("checking → not_found, with the backoff of its attempt", () => {
    const next = transition(pendingCustom, dns("missing", "missing", true), now);
    expect(next).toMatchObject({
      status: "pending",
      dnsState: "not_found",
      attempts: 1,
      lastError: "nxdomain",
      nextCheckAt: at(minutes(1)),
      routingChanged: false,
    });
  });
  it("not_found → waiting_verification, then configured", () => {
    const first = transition(
      { ...pendingCustom, dnsState: "not_found", attempts: 2 },
      dns("ok", "missing"),
      now,
    );
    expect(first).toMatchObject({
      dnsState: "waiting_verification",
      attempts: 3,
      lastError: "txtMissing",
      nextCheckAt: at(minutes(4)),
    });
    const second = transition(first, dns("ok", "ok"), at(minutes(4)));
    expect(second).toMatchObject({ status: "active", dnsState: "configured", routingChanged: true });
  });
  it("a wrong TXT waits for verification with its own error", () => {
    expect(transition(pendingCustom, dns("ok", "wrong"), now)).toMatchObject({
      dnsState: "waiting_verification",
      lastError: "txtMismatch",
      status: "pending",
    });
  });
  it("propagating starts its clock once and keeps it", () => {
    const first = transition(pendingCustom, dns("partial", "ok"), now);
    expect(first).toMatchObject({ dnsState: "propagating", propagatingSince: now, attempts: 1 });
    const second = transition(first, dns("wrong", "ok"), at(minutes(10)));
    expect(second.propagatingSince).toEqual(now);
    expect(second.attempts).toBe(2);
  });
  it("propagating for 6 hours becomes not_found with propagationTimeout and stops checking", () => {
    const since = at(-PROPAGATION_LIMIT_MS);
    const next = transition(
      { ...pendingCustom, dnsState: "propagating", propagatingSince: since, attempts: 9 },
      dns("partial", "ok"),
      now,
    );
    expect(next).toMatchObject({
      status: "pending",
      dnsState: "not_found",
      lastError: "propagationTimeout",
      propagatingSince: null,
      nextCheckAt: null,
    });
  });
  it("propagating just under 6 hours keeps checking", () => {
    const since = at(-PROPAGATION_LIMIT_MS + 1000);
    const next = transition(
      { ...pendingCustom, dnsState: "propagating", propagatingSince: since, attempts: 3 },
      dns("partial", "ok"),
      now,
    );
    expect(next.dnsState).toBe("propagating");
    expect(next.nextCheckAt).not.toBeNull();
  });
  it("leaving propagation clears its clock", () => {
    const next = transition(
      { ...pendingCustom, dnsState: "propagating", propagatingSince: at(-minutes(5)) },
      dns("ok", "missing"),
      now,
    );
    expect(next.propagatingSince).toBeNull();
  });
  it("the last automatic attempt schedules nothing more", () => {
    expect(
      transition({ ...pendingCustom, attempts: MAX_ATTEMPTS - 2 }, dns("missing", "missing"), now)
        .nextCheckAt,
    ).not.toBeNull();
    expect(
      transition({ ...pendingCustom, attempts: MAX_ATTEMPTS - 1 }, dns("missing", "missing"), now)
        .nextCheckAt,
    ).toBeNull();
  });
  it("a resolver failure keeps the DNS state and retries with backoff", () => {
    const next = transition(
      { ...pendingCustom, dnsState: "waiting_verification", attempts: 2 },
      { kind: "resolverError" },
      now,
    );
    expect(next).toMatchObject({
      dnsState: "waiting_verification",
      attempts: 3,
      lastError: "resolverFailed",
      nextCheckAt: at(minutes(4)),
    });
  });
  it("a provider failure (5xx, timeout) retries; a provider refusal rejects with its message and stops", () => {
    expect(transition(pendingSub, { kind: "providerError" }, now)).toMatchObject({
      status: "pending",
      lastError: "providerUnavailable",
      nextCheckAt: at(minutes(1)),
    });
    expect(
      transition(pendingSub, { kind: "providerRejected", message: "Cloudflare: bad (9000)" }, now),
    ).toMatchObject({
      status: "rejected",
      lastError: "Cloudflare: bad (9000)",
      nextCheckAt: null,
      routingChanged: false,
    });
  });
  it("a subdomain needs no TXT", () => {
    expect(transition(pendingSub, dns("ok"), now)).toMatchObject({
      status: "active",
      dnsState: "configured",
    });
  });
});

describe("transition of an active domain", () => {
  it("still configured: re-checked in 6 hours, failures reset, no routing change", () => {
    const next = transition({ ...activeCustom, attempts: 1 }, dns("ok", "ok"), now);
    expect(next).toMatchObject({
      status: "active",
      attempts: 0,
      lastError: null,
      nextCheckAt: at(ACTIVE_RECHECK_MS),
      routingChanged: false,
    });
    expect(next.activatedAt).toEqual(activeCustom.activatedAt);
  });
  it("records gone once or twice: stays active, checked hourly", () => {
    let state: CheckState = activeCustom;
    for (let i = 1; i < ACTIVE_FAILURES_TO_DEACTIVATE; i++) {
      const next = transition(state, dns("missing", "missing"), now);
      expect(next).toMatchObject({
        status: "active",
        attempts: i,
        nextCheckAt: at(ACTIVE_FAILURE_RECHECK_MS),
        routingChanged: false,
      });
      expect(next.lastError).toBe("noRecords");
      state = next;
    }
    const off = transition(state, dns("missing", "missing"), now);
    expect(off).toMatchObject({
      status: "pending",
      dnsState: "not_found",
      activatedAt: null,
      attempts: 0,
      lastError: "recordsDisappeared",
      routingChanged: true,
      nextCheckAt: at(minutes(1)),
    });
  });
  it("a deactivation into propagation starts the propagation clock", () => {
    const off = transition(
      { ...activeCustom, attempts: ACTIVE_FAILURES_TO_DEACTIVATE - 1 },
      dns("wrong", "ok"),
      now,
    );
    expect(off).toMatchObject({ status: "pending", dnsState: "propagating", propagatingSince: now });
  });
  it("resolver or provider failures never deactivate", () => {
    const state = { ...activeCustom, attempts: ACTIVE_FAILURES_TO_DEACTIVATE - 1 };
    for (const observation of [{ kind: "resolverError" }, { kind: "providerError" }] as Observation[]) {
      const next = transition(state, observation, now);
      expect(next).toMatchObject({ status: "active", attempts: state.attempts, routingChanged: false });
    }
  });
  it("a provider refusal of an active domain rejects it and changes routing", () => {
    expect(transition(activeCustom, { kind: "providerRejected", message: "no" }, now)).toMatchObject({
      status: "rejected",
      activatedAt: null,
      routingChanged: true,
    });
  });
});

describe("restartChecks (Check again)", () => {
  it("a pending or rejected domain starts over at once; an active one stays active", () => {
    for (const status of ["pending", "rejected"] as const) {
      expect(restartChecks({ status }, now)).toEqual({
        status: "pending",
        dnsState: "checking",
        attempts: 0,
        lastError: null,
        propagatingSince: null,
        nextCheckAt: now,
      });
    }
    expect(restartChecks({ status: "active" }, now).status).toBe("active");
  });
});
