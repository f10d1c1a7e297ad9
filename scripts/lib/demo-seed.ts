import type { PrismaClient } from "@/lib/core/db-client";
import type { ObjectStore } from "@/lib/core/storage/object-store";
import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { DEMO_PASSWORD, DEMO_USERS, OTHER_ADMIN_EMAIL, seedIfEmpty } from "../../prisma/seed";
import { isLoopbackHost } from "./embedded-s3";

export type DemoSeedDecision = { seed: true } | { seed: false; reason: string };

/**
 * The address the app listens on (undefined: every interface, as `next start` binds): HOST when
 * set, else loopback (127.0.0.1) when APP_URL is a loopback address — a developer's machine,
 * where the README's quick start opens http://localhost:3000 — else every interface: a server
 * with a public address must be reachable on it (directly, or by a proxy on another machine).
 */
export function listenHost(options: { host: string | undefined; appUrl: string }): string | undefined {
  if (options.host) return options.host;
  return isLoopbackHost(new URL(options.appUrl).hostname) ? "127.0.0.1" : undefined;
}

/**
 * Whether `npm start` may put the demo tenants into an empty database. Their password is
 * printed in the README, so they go only into a machine-local try-out: the embedded database of
 * an app that other machines cannot reach, neither directly (it listens on loopback only) nor
 * through a proxy (APP_URL is a loopback address). SEED_DEMO=1 asks for them anyway; SEED_DEMO=0
 * keeps them out of the embedded one too. An external DATABASE_URL is never seeded by default.
 */
export function decideDemoSeed(options: {
  embeddedDatabase: boolean;
  /** SEED_DEMO: true (1), false (0) or unset. */
  seedDemo: boolean | undefined;
  /** The app's public address (APP_URL). */
  appUrl: string;
  /** Where the app listens (`listenHost`); undefined: every interface. */
  listenHost: string | undefined;
}): DemoSeedDecision {
  const anyway = "set SEED_DEMO=1 to seed it anyway";
  if (options.seedDemo === true) return { seed: true };
  if (options.seedDemo === false) return { seed: false, reason: "SEED_DEMO=0" };
  if (!options.embeddedDatabase) {
    return {
      seed: false,
      reason: `DATABASE_URL is an external database and the demo accounts' password is public (${anyway})`,
    };
  }
  const appHost = new URL(options.appUrl).host;
  if (!isLoopbackHost(new URL(options.appUrl).hostname)) {
    return {
      seed: false,
      reason: `APP_URL (${appHost}) is not a loopback address and the demo accounts' password is public (${anyway})`,
    };
  }
  if (options.listenHost === undefined || !isLoopbackHost(options.listenHost)) {
    const where = options.listenHost === undefined ? "every interface" : options.listenHost;
    return {
      seed: false,
      reason:
        `the app listens on ${where} (HOST), so other machines can reach it, and the demo accounts' ` +
        `password is public (${anyway}, or unset HOST to listen on 127.0.0.1 only)`,
    };
  }
  return { seed: true };
}

/** The start-up step: seeds an empty database when allowed, says why not otherwise. */
export async function seedDemoIfAllowed(options: {
  prisma: PrismaClient;
  store: ObjectStore;
  log: (message: string) => void;
  embeddedDatabase: boolean;
  seedDemo: boolean | undefined;
  appUrl: string;
  listenHost: string | undefined;
}): Promise<{ seeded: boolean; allowed: boolean }> {
  const decision = decideDemoSeed(options);
  if (!decision.seed) {
    options.log(`demo data not seeded: ${decision.reason}`);
    await disableLeftoverDemoAccounts(options.prisma, options.log, decision.reason);
    return { seeded: false, allowed: false };
  }
  const seeded = await seedIfEmpty({ prisma: options.prisma, store: options.store, log: options.log });
  if (seeded) options.log("seeded the demo data");
  return { seeded, allowed: true };
}

/** Every account the demo seed creates, all with DEMO_PASSWORD. */
export const DEMO_ACCOUNT_EMAILS: readonly string[] = [...Object.values(DEMO_USERS), OTHER_ADMIN_EMAIL];

/**
 * A start that does not allow the demo (a public APP_URL, every interface, an external database
 * without SEED_DEMO=1) may find the demo accounts of an earlier loopback try-out in the same
 * data: still signing in with the password the README prints, now on a reachable app. Each one
 * whose password is still the public one gets a random one nobody knows and its sessions end, and
 * the log says which and why. Nothing else of theirs changes (an operator who kept the demo tenant
 * to play with sets a new password with "forgot password"); an account whose password was
 * changed is no longer open and is left alone. Deleting them instead would take the demo
 * tenants' content, which the operator may have built on, with them.
 * Returns the addresses disabled.
 */
export async function disableLeftoverDemoAccounts(
  prisma: PrismaClient,
  log: (message: string) => void,
  reason: string,
): Promise<string[]> {
  const accounts = await prisma.account.findMany({
    where: { providerId: "credential", user: { email: { in: [...DEMO_ACCOUNT_EMAILS] } } },
    select: { id: true, userId: true, password: true, user: { select: { email: true } } },
  });
  const disabled: string[] = [];
  for (const account of accounts) {
    const hash = account.password;
    if (!hash || !(await verifyPassword({ hash, password: DEMO_PASSWORD }).catch(() => false))) continue;
    const unknowable = await hashPassword(randomBytes(32).toString("base64url"));
    await prisma.$transaction([
      prisma.account.update({ where: { id: account.id }, data: { password: unknowable } }),
      prisma.session.deleteMany({ where: { userId: account.userId } }),
    ]);
    disabled.push(account.user.email);
  }
  if (disabled.length > 0) {
    log(
      `demo accounts disabled (${disabled.sort().join(", ")}): left from an earlier start, they still had ` +
        `the public demo password, and this start does not allow the demo (${reason}); their sessions ` +
        `are ended. "Forgot password" sets a new password for one you want to keep.`,
    );
  }
  return disabled;
}
