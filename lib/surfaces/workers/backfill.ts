import { changeOfContents } from "@/lib/surfaces/workers/public-change";
import type { PublicChange } from "@/lib/platform/site/cache-tags";
import { addMissingRenditions, findBackfillCandidates } from "@/lib/platform/media/backfill";

/** Media per job: ~0.3 s each for two encodings of one width, so a job takes seconds. */
export const BACKFILL_PAGE_SIZE = 20;

export interface BackfillPage {
  /** Media that got renditions. */
  added: number;
  /** Media whose renditions could not be made (logged; the next pass looks at them again). */
  failed: number;
  /** Where the next page starts; null when this page was the last. */
  nextAfterId: string | null;
}

/**
 * One page of the backfill: the next candidates after `afterId`, each on its own (one that
 * fails is logged and passed over, not retried in a loop), then one refresh of the public
 * pages per company for what changed.
 */
export async function backfillRenditionsPage(
  afterId: string | null,
  onPublicChange?: (change: PublicChange) => Promise<unknown>,
  limit = BACKFILL_PAGE_SIZE,
): Promise<BackfillPage> {
  const ids = await findBackfillCandidates(afterId, limit);
  const changed = new Map<string, Set<string>>();
  let added = 0;
  let failed = 0;
  for (const id of ids) {
    try {
      const outcome = await addMissingRenditions(id);
      if (outcome.status === "unfixable") {
        failed++;
        console.warn("[afterglow] cannot add renditions", { mediaId: id, reason: outcome.reason });
      }
      if (outcome.status !== "added") continue;
      added++;
      const contents = changed.get(outcome.companyId) ?? new Set<string>();
      if (outcome.contentId) contents.add(outcome.contentId);
      changed.set(outcome.companyId, contents);
    } catch (error) {
      failed++;
      console.warn("[afterglow] could not add renditions", { mediaId: id, error: String(error) });
    }
  }
  if (onPublicChange) {
    for (const [companyId, contents] of changed) {
      // Best effort, as after processing: the renditions are committed; a page not refreshed
      // now offers them at its next revalidation.
      await changeOfContents(companyId, [...contents])
        .then(onPublicChange)
        .catch((error: unknown) =>
          console.warn("[afterglow] could not refresh pages after renditions", {
            companyId,
            error: String(error),
          }),
        );
    }
  }
  return { added, failed, nextAfterId: ids.length === limit ? (ids.at(-1) ?? null) : null };
}
