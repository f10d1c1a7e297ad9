/**
 * Group commit for a hot statement: calls that arrive while a statement runs wait for it and
 * then go together in the next one, so a crowd costs a few round trips and commits per second
 * instead of one per request, and each caller still gets its own answer. One statement at a
 * time per batcher (per process); other instances run their own, and the database keeps
 * concurrent statements consistent as it always does.
 */
export interface GroupCommitOptions<T> {
  /** One statement for `batch`, answering each item in order (an Error answers that item alone). */
  run(batch: readonly T[]): Promise<unknown[]>;
  /** Items with the same key never share a statement: a later one waits for the next, in order. */
  keyOf?(item: T): string;
  /** At most this many items per statement (keeps one statement short). */
  max: number;
}

interface Pending<T> {
  item: T;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export function groupCommit<T, R>(options: GroupCommitOptions<T>): (item: T) => Promise<R> {
  const waiting: Pending<T>[] = [];
  let running = false;

  function takeBatch(): Pending<T>[] {
    const batch: Pending<T>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < waiting.length && batch.length < options.max;) {
      const key = options.keyOf?.(waiting[i]!.item);
      if (key !== undefined && keys.has(key)) {
        i++;
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(...waiting.splice(i, 1));
    }
    return batch;
  }

  async function run(batch: Pending<T>[]): Promise<void> {
    try {
      const answers = await options.run(batch.map((pending) => pending.item));
      batch.forEach((pending, i) => {
        const answer = answers[i];
        if (answer instanceof Error) pending.reject(answer);
        else pending.resolve(answer);
      });
    } catch (error) {
      // One item the database refuses must not fail the others: each goes again on its own.
      if (batch.length === 1) batch[0]!.reject(error);
      else await Promise.all(batch.map((pending) => run([pending])));
    }
  }

  async function drain(): Promise<void> {
    // Calls made in the same turn of the event loop join the first statement.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (waiting.length > 0) await run(takeBatch());
    } finally {
      running = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve: resolve as (value: unknown) => void, reject });
      if (!running) {
        running = true;
        void drain();
      }
    });
}
