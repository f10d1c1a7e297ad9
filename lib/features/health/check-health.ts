import "server-only";
import { db } from "@/lib/core/db";
import { storage } from "@/lib/core/storage";

export type PartStatus = "ok" | "error";
export interface Health {
  status: "ok" | "error";
  db: PartStatus;
  storage: PartStatus;
}

const TIMEOUT_MS = 3000;

async function probe(check: () => Promise<unknown>): Promise<PartStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "ok";
  } catch {
    return "error";
  } finally {
    clearTimeout(timer);
  }
}

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
