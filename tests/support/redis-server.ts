import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { freePort } from "@/scripts/lib/free-port";

export interface RedisServer {
  url: string;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Starts redis-server on `port`; null when it exits first (the port was taken meanwhile). */
async function startOn(port: number, dir: string): Promise<ChildProcess | null> {
  const server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) return null;
    if (await answers(`redis://127.0.0.1:${port}`)) return server;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.kill("SIGKILL");
  throw new Error("redis-server did not start within 10 s");
}

/** A throwaway redis-server on loopback (no persistence), for the tests of the Redis store. */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-redis-"));
  // Another test file may take the free port before redis-server binds it: try another.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const server = await startOn(port, dir);
    if (!server) continue;
    return {
      url: `redis://127.0.0.1:${port}`,
      pause: () => server.kill("SIGSTOP"),
      resume: () => server.kill("SIGCONT"),
      async stop() {
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once("exit", resolve));
          server.kill("SIGCONT");
          server.kill("SIGTERM");
          await exited;
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error("redis-server could not bind a free port");
}
