/**
 * npm run billing:set-plan -- <company-slug> <plan>
 * Sets a company's plan by hand (comped accounts), recorded in the audit log. Uses
 * DATABASE_URL, or the app's embedded PostgreSQL in DATA_DIR when unset (stop `npm start` first).
 */
import path from "node:path";
import { PLAN_TIERS, setCompanyPlan } from "../lib/features/billing/set-plan";
import { createPrismaClient } from "../lib/core/db-client";
import { requestRevalidation } from "../lib/platform/site/revalidate";
import { dataDir, env } from "../lib/core/env";
import type { PlanTier } from "../lib/generated/prisma/enums";
import { ensureDatabase, startEmbeddedPostgres } from "./lib/embedded-postgres";
import { embeddedPostgresPassword } from "./lib/local-secrets";

const [slug, plan] = process.argv.slice(2);
if (!slug || !PLAN_TIERS.includes(plan as PlanTier)) {
  console.error(`Usage: npm run billing:set-plan -- <company-slug> <${PLAN_TIERS.join("|")}>`);
  process.exit(2);
}

const server = env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "postgres"),
      port: env.EMBEDDED_PG_PORT,
      persistent: true,
      password: await embeddedPostgresPassword(dataDir),
    });
let url = env.DATABASE_URL;
if (server) {
  await ensureDatabase(server.adminUrl, "afterglow");
  url = server.urlFor("afterglow");
}
const prisma = createPrismaClient(url!);
try {
  const { companyId, previous } = await setCompanyPlan(prisma, slug, plan as PlanTier);
  console.log(`${slug}: ${previous} → ${plan} (audited)`);
  // The plan decides the public pages' brand; a running app refreshes them (else within the hour).
  await requestRevalidation({ companyId, eventIds: [], contentIds: [] });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
  await server?.stop();
}
