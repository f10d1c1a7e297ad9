import { describe, expect, it } from "vitest";
import {
  allowanceResetsAt,
  characterCount,
  meterOf,
  planCharge,
  usageMonth,
  usageMonthKey,
} from "@/lib/features/translation/allowance";
import { LIMIT_TIERS, planLimits, PLANS } from "@/lib/platform/plans/limits";
import { versionStatus } from "@/lib/features/translation/fields";
import { summarise, versionBadge } from "@/components/translation/review-status";

describe("the monthly translation allowance", () => {
  it("grows with the plan and is read through the plan names", () => {
    const [starter, professional, enterprise] = LIMIT_TIERS.map((t) => PLANS[t].translationCharsPerMonth);
    expect(starter).toBeGreaterThan(0);
    expect(professional).toBeGreaterThan(starter!);
    expect(enterprise).toBeGreaterThan(professional!);
    expect(planLimits("basic").translationCharsPerMonth).toBe(starter);
    expect(planLimits("premium").translationCharsPerMonth).toBe(professional);
    // A 5,000-character field into the three other languages fits even the free plan.
    expect(starter).toBeGreaterThanOrEqual(5_000 * 3);
  });

  it("counts in the calendar month (UTC) and resets on the first of the next", () => {
    const late = new Date("2026-11-30T23:59:59.999Z");
    expect(usageMonth(late).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(usageMonthKey(late)).toBe("2026-11-01");
    expect(allowanceResetsAt(late).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(usageMonthKey(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12-01");
    expect(allowanceResetsAt(new Date("2026-12-15T10:00:00Z")).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    // A time zone ahead of UTC does not move the month: 1 Dec 00:30 in Lisbon+1 is 30 Nov UTC.
    expect(usageMonthKey(new Date("2026-12-01T00:30:00+01:00"))).toBe("2026-11-01");
  });

  it("counts characters as code points", () => {
    expect(characterCount("")).toBe(0);
    expect(characterCount("Olá")).toBe(3);
    expect(characterCount("🎉🎉")).toBe(2);
  });

  it("sends what fits, in order, each new text counted once; the rest waits", () => {
    const plan = planCharge(
      [
        { id: "a", text: "x".repeat(40), charged: false },
        { id: "b", text: "y".repeat(70), charged: false },
        { id: "c", text: "x".repeat(40), charged: false },
        { id: "d", text: "z".repeat(50), charged: false },
      ],
      100,
    );
    expect(plan).toEqual({ send: ["a", "c", "d"], waiting: ["b"], charged: ["a", "c", "d"], characters: 90 });
  });

  it("sends texts already counted without counting them again, even with nothing left", () => {
    const plan = planCharge(
      [
        { id: "a", text: "retried", charged: true },
        { id: "b", text: "retried", charged: false },
        { id: "c", text: "new", charged: false },
      ],
      0,
    );
    expect(plan).toEqual({ send: ["a", "b"], waiting: ["c"], charged: ["b"], characters: 0 });
    // Over the allowance (a plan went down): nothing new goes, nothing negative is counted.
    expect(planCharge([{ id: "x", text: "t", charged: false }], -50)).toMatchObject({
      send: [],
      waiting: ["x"],
      characters: 0,
    });
  });

  it("fills the allowance exactly", () => {
    expect(planCharge([{ id: "a", text: "abcd", charged: false }], 4)).toMatchObject({
      send: ["a"],
      characters: 4,
    });
  });

  it("gives the meter's figures", () => {
    const now = new Date("2026-02-10T08:00:00Z");
    expect(meterOf(7_500, 30_000, 0, now)).toEqual({
      used: 7_500,
      allowance: 30_000,
      percent: 25,
      exhausted: false,
      waiting: 0,
      resetsAt: "2026-03-01T00:00:00.000Z",
    });
    expect(meterOf(29_999, 30_000, 0, now)).toMatchObject({ percent: 99, exhausted: false });
    expect(meterOf(30_000, 30_000, 0, now)).toMatchObject({ percent: 100, exhausted: true });
    expect(meterOf(40_000, 30_000, 0, now)).toMatchObject({ percent: 100, exhausted: true });
    // Characters left, but a text waits that is larger than them: the organiser is told.
    expect(meterOf(29_000, 30_000, 2, now)).toMatchObject({ percent: 96, exhausted: true, waiting: 2 });
  });

  it("shows a version held back by the allowance as waiting, and asks for attention", () => {
    const row = { text: null, origin: "automatic", state: "pending", sourceHash: "h" } as const;
    expect(versionStatus(row, "h")).toBe("pending");
    const waiting = versionStatus({ ...row, error: "translation.errors.allowanceExhausted" }, "h");
    expect(waiting).toBe("waiting");
    expect(versionBadge({ status: waiting, engine: null, text: null })).toEqual({
      tone: "amber",
      label: "waiting",
      explain: "waiting",
    });
    expect(
      summarise([{ locale: "en", status: "waiting", text: null, engine: null, error: null }]).attention,
    ).toBe(1);
  });
});
