/**
 * `npm run build`: the production build exactly as `npm start` makes it (`next build`, then
 * the start-up chunks' compile hints, scripts/lib/compile-hints.ts), always rebuilt. It stamps
 * the source hash and APP_URL too, so a following `npm start` serves it without building again.
 */
import { appUrl } from "@/lib/env";
import { ensureProductionBuild } from "./lib/build";

// For this environment's APP_URL: a following `npm start` with another one builds again.
await ensureProductionBuild({ appUrl, force: true, log: (message) => console.log(`[afterglow] ${message}`) });
