import { createRequire } from "node:module";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ChannelListener } from "@/lib/core/db-listen.cjs";

// The one LISTEN-with-reconnect (lib/core/db-listen.cjs): its backend terminated, it listens
// again and hears a later NOTIFY; and so does its CommonJS user, the shared cache tags
// (server/shared-cache-tags.cjs). The routing table's own test is routing-table.test.ts.
// Every wait is for a condition, never for a time.

const require = createRequire(import.meta.url);
const url = process.env.DATABASE_URL!;
const until = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
});

/** The backends of this database listening on `channel`. */
async function listenersOf(channel: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
    [`LISTEN ${channel}`],
  );
  return rows.map((r) => r.pid);
}

async function terminate(pids: number[]): Promise<void> {
  await admin.query(`SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid`, [pids]);
}

describe("ChannelListener", () => {
  it("listens again after its backend is terminated, catches up, and hears a later NOTIFY", async () => {
    const heard: (string | undefined)[] = [];
    let reconnects = 0;
    const listener = new ChannelListener({
      connectionString: url,
      channel: "db_listen_test",
      onNotification: (payload) => heard.push(payload),
      onReconnect: () => {
        reconnects++;
      },
      backoffMs: { min: 20, max: 200 },
      unref: true,
      log: () => {},
    });
    try {
      await listener.listen();
      expect(listener.listening).toBe(true);
      await admin.query(`SELECT pg_notify('db_listen_test', 'one')`);
      await until(() => expect(heard).toEqual(["one"]));

      const [pid, ...others] = await listenersOf("db_listen_test");
      expect(others).toEqual([]);
      await terminate([pid!]);
      await until(() => expect(reconnects).toBe(1));
      expect(listener.listening).toBe(true);
      const [again] = await listenersOf("db_listen_test");
      expect(again).toBeDefined();
      expect(again).not.toBe(pid);

      await admin.query(`SELECT pg_notify('db_listen_test', 'two')`);
      await until(() => expect(heard).toEqual(["one", "two"]));
    } finally {
      await listener.close();
    }
    // Closed for good: no connection left, none opened again.
    await until(async () => expect(await listenersOf("db_listen_test")).toEqual([]));
  });

  it("keeps trying while the database cannot be reached, without throwing", async () => {
    const problems: string[] = [];
    const listener = new ChannelListener({
      connectionString: "postgresql://postgres@127.0.0.1:1/none",
      channel: "db_listen_test",
      onNotification: () => {},
      backoffMs: { min: 10, max: 40 },
      log: (message) => problems.push(message),
    });
    try {
      await expect(listener.listen()).resolves.toBeUndefined();
      expect(listener.listening).toBe(false);
      await until(() => expect(problems.length).toBeGreaterThanOrEqual(3));
      expect(new Set(problems)).toEqual(new Set(["cannot LISTEN"]));
    } finally {
      await listener.close();
    }
  });

  it("accepts only a plain channel name (LISTEN takes no parameter)", () => {
    expect(
      () =>
        new ChannelListener({ connectionString: url, channel: "x; DROP TABLE y", onNotification: () => {} }),
    ).toThrow(/channel name/);
  });
});

describe("the shared cache tags (server/shared-cache-tags.cjs)", () => {
  it("copy another instance's expired tag after their LISTEN backend was terminated", async () => {
    const sharedTags = require("../../server/shared-cache-tags.cjs") as {
      ready: () => Promise<void>;
      CHANNEL: string;
    };
    const { tagsManifest } = require("next/dist/server/lib/incremental-cache/tags-manifest.external.js") as {
      tagsManifest: Map<string, { stale?: number; expired?: number }>;
    };
    await sharedTags.ready();
    const [pid] = await listenersOf(sharedTags.CHANNEL);
    expect(pid).toBeDefined();

    // Expired while nobody listened: read again from the table once the listener is back.
    await terminate([pid!]);
    await admin.query(`INSERT INTO "cache_tag" (tag, expired) VALUES ('db-listen-missed', 1000)`);
    await until(async () => {
      const [again] = await listenersOf(sharedTags.CHANNEL);
      expect(again).toBeDefined();
      expect(again).not.toBe(pid);
    });
    await until(() => expect(tagsManifest.get("db-listen-missed")?.expired).toBe(1000));

    // And listening again: another instance's announcement arrives by notification.
    const payload = JSON.stringify([{ tag: "db-listen-later", expired: 2000 }]);
    await admin.query(`SELECT pg_notify($1, $2)`, [sharedTags.CHANNEL, payload]);
    await until(() => expect(tagsManifest.get("db-listen-later")?.expired).toBe(2000));
  });
});
