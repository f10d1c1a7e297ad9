import type { PrismaClient } from "@/lib/core/db-client";
import type { ObjectStore } from "@/lib/core/storage/object-store";
import { seedIfEmpty } from "../../prisma/seed";
import { isLoopbackHost } from "./embedded-s3";

export type DemoSeedDecision = { seed: true } | { seed: false; reason: string };

/**
 * Whether `npm start` may put the demo tenants into an empty database. Their password is
 * printed in the README, so they go only into a machine-local try-out — the embedded database
 * of an app served on a loopback address (APP_URL) — unless SEED_DEMO=1 asks for them
 * explicitly; SEED_DEMO=0 keeps them out of the embedded one too. An external DATABASE_URL, or
 * an embedded database behind a public APP_URL, is never seeded by default.
 */
export function decideDemoSeed(options: {
  embeddedDatabase: boolean;
  /** SEED_DEMO: true (1), false (0) or unset. */
  seedDemo: boolean | undefined;
  /** The app's public address (APP_URL). */
  appUrl: string;
}): DemoSeedDecision {
  if (options.seedDemo === true) return { seed: true };
  if (options.seedDemo === false) return { seed: false, reason: "SEED_DEMO=0" };
  if (options.embeddedDatabase && !isLoopbackHost(new URL(options.appUrl).hostname)) {
    return {
      seed: false,
      reason:
        `APP_URL (${new URL(options.appUrl).host}) is not a loopback address and the demo accounts' ` +
        "password is public (set SEED_DEMO=1 to seed it anyway)",
    };
  }
  if (options.embeddedDatabase) return { seed: true };
  return {
    seed: false,
    reason:
      "DATABASE_URL is an external database and the demo accounts' password is public " +
      "(set SEED_DEMO=1 to seed it anyway)",
  };
}

/** The start-up step: seeds an empty database when allowed, says why not otherwise. */
export async function seedDemoIfAllowed(options: {
  prisma: PrismaClient;
  store: ObjectStore;
  log: (message: string) => void;
  embeddedDatabase: boolean;
  seedDemo: boolean | undefined;
  appUrl: string;
}): Promise<{ seeded: boolean; allowed: boolean }> {
  const decision = decideDemoSeed(options);
  if (!decision.seed) {
    options.log(`demo data not seeded: ${decision.reason}`);
    return { seeded: false, allowed: false };
  }
  const seeded = await seedIfEmpty({ prisma: options.prisma, store: options.store, log: options.log });
  if (seeded) options.log("seeded the demo data");
  return { seeded, allowed: true };
}
