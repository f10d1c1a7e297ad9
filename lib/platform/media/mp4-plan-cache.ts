import type { RangeReader } from "@/lib/platform/media/containers";
import { planMp4Cleaning, type Mp4CleaningPlan } from "@/lib/platform/media/mp4-metadata";

/**
 * Cleaning plans kept per stored object (key, size and ETag: an object rewritten under the same
 * key is planned again), so a player's many range requests, or one fan's resumed download, read
 * `moov` once, not once per range (issue #34 review, M2: each `Range: bytes=0-0` read it whole).
 * A plan is a few patches (tens of bytes each), so a few hundred cost little; the oldest used
 * goes first. Refusals are kept too: a hostile file is walked once, not per request.
 *
 * Planning reads `moov` into memory: at most `MAX_PLANNING` plans are made at once in a process,
 * the others wait their turn (a burst of different files cannot hold `MAX_PLANNING` × the moov
 * cap in memory at once, nor every store connection).
 */
export const PLAN_CACHE_ENTRIES = 256;
export const MAX_PLANNING = 2;

const plans = new Map<string, Promise<Mp4CleaningPlan>>();
let planning = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (planning >= MAX_PLANNING) await new Promise<void>((resolve) => waiting.push(resolve));
  else planning++;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else planning--;
  };
}

/** The plan of `key` as it is now (`size`, `etag` from the store's stat). */
export function cachedMp4Plan(
  key: string,
  size: number,
  etag: string | undefined,
  read: RangeReader,
): Promise<Mp4CleaningPlan> {
  const id = `${key}\n${size}\n${etag ?? ""}`;
  const found = plans.get(id);
  if (found) {
    plans.delete(id);
    plans.set(id, found);
    return found;
  }
  const made = (async () => {
    const done = await turn();
    try {
      return await planMp4Cleaning(read, size);
    } finally {
      done();
    }
  })();
  // A failed read (the store unreachable) is not a verdict on the file: not kept.
  made.catch(() => plans.delete(id));
  plans.set(id, made);
  while (plans.size > PLAN_CACHE_ENTRIES) plans.delete(plans.keys().next().value!);
  return made;
}

/** For tests: forget every plan. */
export function clearMp4PlanCache(): void {
  plans.clear();
}
