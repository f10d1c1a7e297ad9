/**
 * Image encodes a web process runs at once on a fan's or reviewer's request (a reviewer's marked
 * preview, a fan's marked download copy): the machine shares its cores with a festival crowd, so
 * a burst of requests queues here instead of starting a sharp pipeline each. One budget for the
 * process; the worker's background jobs have their own concurrency (lib/surfaces/workers).
 */
const ENCODES_AT_ONCE = 2;
let encoding = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once one of the process's encode slots is free. */
export async function withEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  // A freed slot is handed to the first waiter, never left for a newcomer to take meanwhile.
  if (encoding >= ENCODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else encoding++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else encoding--;
  }
}

/**
 * One run of `work` per key at a time: callers asking for a key already being made share its
 * promise (a fan pressing Download all twice, two fans on one photo) instead of encoding again.
 */
export function sharedInFlight<T>(
  flights: Map<string, Promise<T>>,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  const running = flights.get(key);
  if (running) return running;
  const started = work().finally(() => flights.delete(key));
  flights.set(key, started);
  return started;
}
