/**
 * A media worker as its own process, for deployments that run web and workers apart:
 *   MEDIA_WORKER=off on the web instances, and on worker machines
 *   MEDIA_WORKER=inline node --import tsx lib/jobs/run-worker.ts
 * with the same DATABASE_URL and S3_* variables (INTERNAL_APP_URL pointing at the app, for
 * refreshing public pages). SIGTERM finishes the jobs in progress (up to 30 s) and exits.
 */
import { env } from "@/lib/env";
import { getBoss, startWorkers } from "@/lib/jobs/runtime";

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
