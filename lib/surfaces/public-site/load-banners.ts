import { db } from "@/lib/core/db";
import type { BannerMedia } from "@/lib/surfaces/public-site/media-mappers";

/**
 * The ready media behind these events' banners, by storage key: their renditions make the
 * banner's srcset (`bannerImageOf`). One query for a landing's every event; only media of the
 * events' own companies (saving an event checks it too: lib/features/events/save-event.ts).
 */
export async function loadBanners(
  rows: { companyId: string; bannerKey: string | null }[],
): Promise<Map<string, BannerMedia>> {
  const keys = [...new Set(rows.map((r) => r.bannerKey).filter((k): k is string => k !== null))];
  if (keys.length === 0) return new Map();
  const media = await db.mediaFile.findMany({
    where: {
      storageKey: { in: keys },
      companyId: { in: [...new Set(rows.map((r) => r.companyId))] },
      state: "ready",
    },
    select: { storageKey: true, width: true, height: true, blurDataUrl: true, variants: true },
  });
  return new Map(media.map((m) => [m.storageKey, m]));
}
