import { describe, expect, it } from "vitest";
import { groupCommit } from "@/lib/core/db-batch";

/** A statement runner that records each batch and answers each item from `answer`. */
function recorder<T>(answer: (item: T) => unknown = (item) => item) {
  const batches: T[][] = [];
  let failNext = false;
  return {
    batches,
    failOnce() {
      failNext = true;
    },
    run: async (batch: readonly T[]) => {
      batches.push([...batch]);
      await Promise.resolve();
      if (failNext && batch.length > 1) {
        failNext = false;
        throw new Error("statement refused");
      }
      return batch.map(answer);
    },
  };
}

describe("group commit", () => {
  it("sends calls made together in one statement and answers each with its own result", async () => {
    const db = recorder<number>((n) => n * 10);
    const call = groupCommit<number, number>({ run: db.run, max: 100 });
    expect(await Promise.all([1, 2, 3].map(call))).toEqual([10, 20, 30]);
    expect(db.batches).toEqual([[1, 2, 3]]);
  });

  it("sends calls made while a statement runs together in the next one", async () => {
    const db = recorder<number>();
    const call = groupCommit<number, number>({ run: db.run, max: 100 });
    const first = call(1);
    await new Promise((resolve) => setImmediate(resolve)); // the first statement is on its way
    const later = Promise.all([2, 3, 4].map(call));
    await Promise.all([first, later]);
    expect(db.batches).toEqual([[1], [2, 3, 4]]);
  });

  it("keeps items of one key apart, in the order they came, and caps a statement's size", async () => {
    const db = recorder<string>();
    const call = groupCommit<string, string>({ run: db.run, keyOf: (s) => s[0]!, max: 3 });
    await Promise.all(["a1", "a2", "b1", "c1", "d1", "a3"].map(call));
    expect(db.batches).toEqual([["a1", "b1", "c1"], ["a2", "d1"], ["a3"]]);
  });

  it("retries each item alone when a statement fails, so only the culprit's call fails", async () => {
    const db = recorder<number>((n) => {
      if (n === 2) throw new Error("bad item");
      return n;
    });
    const call = groupCommit<number, number>({ run: db.run, max: 100 });
    const results = await Promise.allSettled([1, 2, 3].map(call));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(db.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("rejects only the call whose answer is an Error", async () => {
    const db = recorder<number>((n) => (n === 2 ? new Error("not this one") : n));
    const call = groupCommit<number, number>({ run: db.run, max: 100 });
    const results = await Promise.allSettled([1, 2, 3].map(call));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(db.batches).toHaveLength(1);
  });

  it("runs up to `concurrency` statements at once, never two with the same key", async () => {
    let running = 0;
    let most = 0;
    const ran: string[][] = [];
    const call = groupCommit<string, string>({
      run: async (batch) => {
        ran.push([...batch]);
        running++;
        most = Math.max(most, running);
        const keys = batch.map((s) => s[0]);
        expect(new Set(keys).size).toBe(keys.length);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return [...batch];
      },
      keyOf: (s) => s[0]!,
      max: 2,
      concurrency: 2,
    });
    const items = ["a1", "b1", "a2", "c1", "a3", "d1"];
    expect(await Promise.all(items.map(call))).toEqual(items);
    expect(most).toBe(2);
    // One key's items ran one after another, in order.
    const order = ran.flat().filter((s) => s.startsWith("a"));
    expect(order).toEqual(["a1", "a2", "a3"]);
    const statementOf = (item: string) => ran.findIndex((batch) => batch.includes(item));
    expect(statementOf("a1")).toBeLessThan(statementOf("a2"));
    expect(statementOf("a2")).toBeLessThan(statementOf("a3"));
  });

  it("keeps working after a failed statement", async () => {
    const db = recorder<number>();
    const call = groupCommit<number, number>({ run: db.run, max: 100 });
    db.failOnce();
    expect(await Promise.all([1, 2].map(call))).toEqual([1, 2]);
    expect(await call(3)).toBe(3);
  });
});
