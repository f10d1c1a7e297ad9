/**
 * Group commit for a hot statement: calls that arrive while a statement runs wait for it and
 * then go together in the next one, so a crowd costs a few round trips and commits per second
 * instead of one per request, and each caller still gets its own answer. At most
 * `concurrency` statements run at a time per batcher (per process): while one waits for its
 * commit to reach the disk the next can run, and the database flushes their commits together.
 * Other instances run their own; the database keeps concurrent statements consistent as always.
 */
export interface GroupCommitOptions<T> {
  /** One statement for `batch`, answering each item in order (an Error answers that item alone). */
  run(batch: readonly T[]): Promise<unknown[]>;
  /**
   * Items with the same key never share a statement nor run at the same time: a later one
   * waits for the next statement, in the order they came.
   */
  keyOf?(item: T): string;
  /** At most this many items per statement (keeps one statement short). */
  max: number;
  /** Statements running at once (default 1). */
  concurrency?: number;
}

interface Pending<T> {
  item: T;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export function groupCommit<T, R>(options: GroupCommitOptions<T>): (item: T) => Promise<R> {
  const waiting: Pending<T>[] = [];
  const concurrency = options.concurrency ?? 1;
  let running = 0;
  /** Keys of the items in running statements. */
  const busy = new Set<string>();

  /** The oldest waiting items, each key once and none of a running statement's keys. */
  function takeBatch(): { batch: Pending<T>[]; keys: string[] } {
    const batch: Pending<T>[] = [];
    const keys: string[] = [];
    const taken = new Set<string>();
    for (let i = 0; i < waiting.length && batch.length < options.max;) {
      const key = options.keyOf?.(waiting[i]!.item);
      if (key !== undefined && (taken.has(key) || busy.has(key))) {
        i++; // stays for a later statement, as does every later item of its key
        continue;
      }
      if (key !== undefined) {
        taken.add(key);
        keys.push(key);
      }
      batch.push(...waiting.splice(i, 1));
    }
    return { batch, keys };
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

  async function worker(): Promise<void> {
    // Calls made in the same turn of the event loop join the first statement.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (;;) {
        const { batch, keys } = takeBatch();
        if (batch.length === 0) return;
        for (const key of keys) busy.add(key);
        try {
          await run(batch);
        } finally {
          for (const key of keys) busy.delete(key);
        }
      }
    } finally {
      running--;
      // Items held back while their key was busy in a statement that has ended since.
      if (running === 0 && waiting.length > 0) start();
    }
  }

  function start(): void {
    while (running < concurrency && running < waiting.length) {
      running++;
      void worker();
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve: resolve as (value: unknown) => void, reject });
      start();
    });
}
