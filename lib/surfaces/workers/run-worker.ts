/**
 * A media worker as its own process, for deployments that run web and workers apart:
 *   MEDIA_WORKER=off on the web instances, and on worker machines
 *   MEDIA_WORKER=inline node --conditions=react-server --import tsx lib/surfaces/workers/run-worker.ts
 * with the same DATABASE_URL and S3_* variables (INTERNAL_APP_URL pointing at the app, for
 * refreshing public pages). SIGTERM finishes the jobs in progress (up to 30 s) and exits.
 * `--conditions=react-server`: the jobs use the app's singletons (`lib/core/db.ts`, `lib/core/storage`),
 * whose `import "server-only"` resolves to an empty module only under that condition.
 */
import { env } from "@/lib/core/env";
import { startWorkers } from "@/lib/surfaces/workers/runtime";
import { getBoss } from "@/lib/core/queue/sender";

async function main(): Promise<void> {
  if (env.MEDIA_WORKER !== "inline") {
    console.log("[afterglow] MEDIA_WORKER=off: nothing to do");
    return;
  }
  await startWorkers();
  const stop = async (signal: string) => {
    console.log(`[afterglow] ${signal}: stopping the media worker...`);
    const boss = await getBoss();
    await boss.stop({ graceful: true, timeout: 30_000 });
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
