/**
 * Runs once when a Next.js server starts. Opens the front door (server/front-door.ts),
 * which only `npm start`'s server (server/next-server.mjs) uses. Starts the media workers
 * (pg-boss) in this process unless MEDIA_WORKER=off, so `npm start` needs no second process;
 * deployments with many web instances set MEDIA_WORKER=off there and run
 * `lib/surfaces/workers/run-worker.ts` apart.
 * Not awaited: the server must not wait for the job schema before answering requests.
 */
export async function register(): Promise<void> {
  // NEXT_RUNTIME is replaced at build time (edge bundles drop this branch), hence read here.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The fans' engagement calls and public media, answered by `npm start`'s server without Next.js's router.
  const [{ openFrontDoor }, { engagementRoutes }, { mediaRoutes }] = await Promise.all([
    import("./server/front-door"),
    import("./lib/surfaces/fan-api/server"),
    import("./lib/surfaces/public-site/media-routes"),
  ]);
  openFrontDoor(engagementRoutes, mediaRoutes);
  const { inlineWorkersEnabled, startWorkers } = await import("./lib/surfaces/workers/runtime");
  if (inlineWorkersEnabled()) void startWorkers().catch(() => undefined);
}
