/**
 * The arithmetic of the monthly translation allowance (pure, unit-tested): which calendar month
 * a run counts in, when the allowance resets, how many characters a text costs, which of a
 * run's versions fit what is left, and the meter's figures. The database side is
 * `lib/features/translation/metering.ts`; the allowances are in `lib/platform/plans/limits.ts`.
 */

/** The message key of a version waiting because the month's allowance is used up. */
export const ALLOWANCE_EXHAUSTED = "translation.errors.allowanceExhausted";

/** The first day (00:00 UTC) of the calendar month `now` falls in: the month a run counts in. */
export function usageMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The month as the database's date literal (`YYYY-MM-01`), independent of the session's zone. */
export function usageMonthKey(now: Date): string {
  return usageMonth(now).toISOString().slice(0, 10);
}

/** When the allowance starts again: the first day of the next calendar month, 00:00 UTC. */
export function allowanceResetsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/**
 * The characters a text costs per target language: Unicode code points, as engines bill them
 * (an emoji is one character, not two UTF-16 units).
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** One version a run would send: its text, and whether that text was already counted. */
export interface ChargeItem {
  id: string;
  text: string;
  /** Counted before (a retried run of the same source): sent without counting again. */
  charged: boolean;
}

export interface ChargePlan {
  /** Versions that go to the engine in this run. */
  send: string[];
  /** Versions left waiting: their text does not fit what is left of the month's allowance. */
  waiting: string[];
  /** Versions counted now (the `chargedHash` to set). */
  charged: string[];
  /** Characters added to the month's usage. */
  characters: number;
}

/**
 * Decides a run (one target language) against what is left of the allowance. A text already
 * counted is sent free; each new text counts once even if several fields share it (the run
 * sends it once); texts are taken in order while they fit, and one that does not fit waits
 * while smaller ones after it may still go.
 */
export function planCharge(items: readonly ChargeItem[], remaining: number): ChargePlan {
  const plan: ChargePlan = { send: [], waiting: [], charged: [], characters: 0 };
  const going = new Set(items.filter((i) => i.charged).map((i) => i.text));
  let left = Math.max(0, remaining);
  for (const item of items) {
    if (item.charged || going.has(item.text)) {
      plan.send.push(item.id);
      if (!item.charged) plan.charged.push(item.id);
      continue;
    }
    const cost = characterCount(item.text);
    if (cost > left) {
      plan.waiting.push(item.id);
      continue;
    }
    left -= cost;
    plan.characters += cost;
    going.add(item.text);
    plan.send.push(item.id);
    plan.charged.push(item.id);
  }
  return plan;
}

export interface TranslationMeter {
  used: number;
  allowance: number;
  /** 0..100, rounded down, for the progress bar. */
  percent: number;
  /** Nothing left this month, or versions waiting for the allowance. */
  exhausted: boolean;
  /** Versions waiting for next month's allowance (or a larger plan). */
  waiting: number;
  /** ISO date-time of the reset (the first of next month, UTC). */
  resetsAt: string;
}

export function meterOf(used: number, allowance: number, waiting: number, now: Date): TranslationMeter {
  const shown = Math.max(0, used);
  return {
    used: shown,
    allowance,
    percent: allowance > 0 ? Math.min(100, Math.floor((shown * 100) / allowance)) : 100,
    exhausted: shown >= allowance || waiting > 0,
    waiting,
    resetsAt: allowanceResetsAt(now).toISOString(),
  };
}
