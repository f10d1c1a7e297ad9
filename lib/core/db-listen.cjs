/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: server/shared-cache-tags.cjs requires it */
/**
 * LISTEN on one PostgreSQL channel over a connection of its own, reconnected with backoff: the
 * one implementation behind the proxy's routing table (lib/platform/tenancy/routing-table.ts)
 * and the shared cache tags (server/shared-cache-tags.cjs). CommonJS, because the cache
 * handler loads the latter with require() outside any bundle, where TypeScript cannot be
 * loaded; the TypeScript side imports it through its declarations (db-listen.d.cts).
 *
 * A lost connection (the server restarted, the backend terminated, the network dropped) is
 * ended and opened again after `backoffMs.min`, doubling up to `backoffMs.max` while it keeps
 * failing. Notifications sent while nobody listened are lost: `onReconnect` runs after each
 * reconnect, for the owner to read again what they stand for.
 */
const { Client } = require("pg");

const DEFAULT_BACKOFF_MS = { min: 500, max: 30_000 };

/** PostgreSQL identifiers in LISTEN are not parameters: only plain names are accepted. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

class ChannelListener {
  /** @param {import("./db-listen.cjs").ChannelListenerOptions} options */
  constructor(options) {
    if (!CHANNEL_NAME.test(options.channel)) throw new Error(`not a plain channel name: ${options.channel}`);
    this.options = options;
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.backoff = this.backoffMs.min;
    /** @type {import("pg").Client | null} */
    this.client = null;
    /** @type {Promise<void> | null} */
    this.connecting = null;
    /** @type {NodeJS.Timeout | null} */
    this.reconnectTimer = null;
    this.closed = false;
  }

  /** Whether the connection is open and listening now. */
  get listening() {
    return this.client !== null;
  }

  /**
   * Connects and LISTENs, once however often it is asked (first use, a reconnect). Resolves
   * when listening, or when the attempt failed: a failure is logged and retried with backoff,
   * never thrown.
   * @returns {Promise<void>}
   */
  listen() {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Stops listening for good: no reconnect after this. */
  async close() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.connecting?.catch(() => {});
  }

  async connect() {
    const { connectionString, channel, connectTimeoutMs } = this.options;
    const client = new Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
    const lost = (/** @type {unknown} */ error) => {
      if (this.client !== client) return;
      this.client = null;
      this.log("LISTEN connection lost", error);
      void client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on("notification", (message) => {
      if (message.channel === channel) this.options.onNotification(message.payload);
    });
    client.on("error", lost);
    client.on("end", () => lost(undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      if (this.options.unref) unrefSocket(client);
      this.client = client;
      this.backoff = this.backoffMs.min;
    } catch (error) {
      this.log("cannot LISTEN", error);
      void client.end().catch(() => {});
      this.scheduleReconnect();
    }
  }

  scheduleReconnect() {
    if (this.closed || this.reconnectTimer) return;
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.backoffMs.max);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen()
        .then(() => (this.client ? this.options.onReconnect?.() : undefined))
        .catch((error) => this.log("catching up after a reconnect failed", error));
    }, wait);
    // A pending reconnect does not keep a process (a test worker, a script) alive.
    this.reconnectTimer.unref();
  }

  /**
   * @param {string} message
   * @param {unknown} error
   */
  log(message, error) {
    (this.options.log ?? ((m, e) => console.error(`[afterglow] ${this.options.channel}: ${m}`, e)))(
      message,
      error,
    );
  }
}

/** pg keeps its socket private; unref'd, an open LISTEN connection does not hold the process. */
function unrefSocket(/** @type {import("pg").Client} */ client) {
  // pg's typings do not expose the connection; it is a stable internal (`connection.stream`).
  const stream = /** @type {{ connection?: { stream?: { unref?: () => void } } }} */ (
    /** @type {unknown} */ (client)
  ).connection?.stream;
  stream?.unref?.();
}

module.exports = { ChannelListener };
