import "server-only";
import { db } from "@/lib/core/db";
import { storage } from "@/lib/core/storage";

export type PartStatus = "ok" | "error";
export interface Health {
  status: "ok" | "error";
  db: PartStatus;
  storage: PartStatus;
}

export const PROBE_TIMEOUT_MS = 3000;

/**
 * `check`'s value, or a rejection after `timeoutMs`: a service that hangs (a firewall dropping
 * packets) must not hold the health answer, which callers wait on. The check itself is not
 * cancelled; each client below also has its own shorter network timeout where it takes one.
 */
export async function withTimeout<T>(check: () => Promise<T>, timeoutMs = PROBE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
  });
  try {
    return await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** "ok" when `check` settles within the timeout, "error" when it throws or hangs. */
export async function probe(
  check: () => Promise<unknown>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<PartStatus> {
  try {
    await withTimeout(check, timeoutMs);
    return "ok";
  } catch {
    return "error";
  }
}

/**
 * The public liveness answer of /api/health: only what the app cannot serve without, as two
 * words. The admin status page's fuller report (queue, worker, mail, Stripe, DNS) is
 * `systemHealth` (system-health.ts), never public.
 */
export async function checkHealth(): Promise<Health> {
  const [dbStatus, storageStatus] = await Promise.all([
    probe(() => db.$queryRaw`select 1`),
    probe(() => storage.ping()),
  ]);
  return {
    status: dbStatus === "ok" && storageStatus === "ok" ? "ok" : "error",
    db: dbStatus,
    storage: storageStatus,
  };
}
