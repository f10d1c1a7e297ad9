/**
 * `npm run build`: the production build exactly as `npm start` makes it (`next build`, then
 * the start-up chunks' compile hints, scripts/lib/compile-hints.ts), always rebuilt. It stamps
 * the source hash too, so a following `npm start` serves it without building again.
 */
import { ensureProductionBuild } from "./lib/build";

await ensureProductionBuild({ force: true, log: (message) => console.log(`[afterglow] ${message}`) });
