/**
 * `npm run build`: the production build exactly as `npm start` makes it (`next build`, then
 * the start-up chunks' compile hints, scripts/lib/compile-hints.ts), always rebuilt. It stamps
 * the source hash and the static pages' settings (APP_URL…) too, so a following `npm start`
 * with the same settings serves it without building again.
 */
import { staticPageSettings } from "@/lib/core/env";
import { ensureProductionBuild } from "./lib/build";

// For this environment's settings: a following `npm start` with other ones builds again.
await ensureProductionBuild({
  settings: staticPageSettings(),
  force: true,
  log: (message) => console.log(`[afterglow] ${message}`),
});
