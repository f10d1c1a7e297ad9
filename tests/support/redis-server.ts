import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { freePort } from "@/scripts/lib/free-port";

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** A throwaway redis-server on loopback (no persistence), for the tests of the Redis store. */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-redis-"));
  const port = await freePort();
  const server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      probe.disconnect();
      if (server.exitCode !== null || Date.now() > deadline) throw new Error("redis-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
