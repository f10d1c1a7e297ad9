import "server-only";
import { db } from "@/lib/core/db";
import type { PrismaClient } from "@/lib/core/db-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { deleteMedia } from "@/lib/platform/media/delete-media";

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Media outside any content: the company's logo (`Company.logoKey`), an event's banner
 * (`Event.bannerKey`) and its sponsor's logo (`Event.sponsorLogoKey`), each held by its storage
 * key. A form names a fresh upload by its media id; without the checks below an organiser could
 * name a file another row already holds (the company logo as a sponsor, another event's banner),
 * and replacing or deleting the new holder would then delete that file (attacker review, issue #36).
 */

/** How many rows hold `storageKey` as their logo, banner or sponsor logo. */
export async function looseKeyHolders(client: Db, storageKey: string): Promise<number> {
  const [companies, events] = await Promise.all([
    client.company.count({ where: { logoKey: storageKey } }),
    client.event.count({ where: { OR: [{ bannerKey: storageKey }, { sponsorLogoKey: storageKey }] } }),
  ]);
  return companies + events;
}

/**
 * The storage key of the company's loose photo `mediaId` (processing or ready) if the caller may
 * take it: no row holds it yet, or it is `ownKey` (the field being saved already holds it). Null
 * otherwise. The media row is locked for the rest of the transaction, so two saves naming the same
 * upload take turns and the second sees the first's hold.
 */
export async function claimLooseMedia(
  tx: Prisma.TransactionClient,
  companyId: string,
  mediaId: string,
  ownKey: string | null,
): Promise<string | null> {
  const [media] = await tx.$queryRaw<{ storageKey: string }[]>`
    SELECT "storageKey" FROM media_file
    WHERE id = ${mediaId} AND "companyId" = ${companyId} AND "contentId" IS NULL
      AND kind = 'photo' AND state IN ('processing', 'ready')
    FOR UPDATE`;
  if (!media) return null;
  if (media.storageKey === ownKey) return media.storageKey;
  return (await looseKeyHolders(tx, media.storageKey)) === 0 ? media.storageKey : null;
}

/**
 * Deletes a logo, banner or sponsor logo its holder let go of, only if no row holds it any more
 * (a key shared before these checks existed is left to its other holder).
 */
export async function releaseLooseMedia(companyId: string, storageKey: string): Promise<void> {
  if ((await looseKeyHolders(db, storageKey)) > 0) return;
  await deleteMedia(companyId, { storageKey, contentId: null });
}
