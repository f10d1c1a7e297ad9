import { Heart } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { Card } from "@/components/ui/card";
import type { FavouriteGallery } from "@/lib/features/analytics/favourites";

/**
 * The galleries fans favourited most, each with its most-favourited photos (issue #36): today's
 * figures, whatever the period above (a favourite is a standing choice, not a day's event).
 */
export async function FavouritePhotos({ galleries }: { galleries: FavouriteGallery[] }) {
  const t = await getTranslations("admin.analytics.favourites");
  return (
    <section aria-labelledby="analytics-favourites-title" className="flex flex-col gap-3">
      <div>
        <h2 id="analytics-favourites-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </div>
      {galleries.length === 0 ? (
        <EmptyList>{t("empty")}</EmptyList>
      ) : (
        <ol className="flex flex-col gap-4" data-testid="analytics-favourites">
          {galleries.map((gallery) => (
            <li key={gallery.contentId}>
              <Card className="flex flex-col gap-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
                  <Link
                    href={`/admin/content/${encodeURIComponent(gallery.contentId)}`}
                    className="min-w-0 truncate font-medium hover:text-brand-600 hover:underline"
                  >
                    {gallery.title}
                  </Link>
                  <span className="shrink-0 text-zinc-600 tabular-nums dark:text-zinc-400">
                    {t("totals", { fans: gallery.fans, favourites: gallery.favourites })}
                  </span>
                </div>
                <ol className="grid grid-cols-2 gap-3 sm:grid-cols-5">
                  {gallery.photos.map((photo) => (
                    <li key={photo.mediaId} className="flex min-w-0 flex-col gap-1 text-sm">
                      {photo.thumbUrl ? (
                        // eslint-disable-next-line @next/next/no-img-element -- an admin thumbnail from our own media route
                        <img
                          src={photo.thumbUrl}
                          alt={photo.name}
                          className="aspect-square w-full rounded-lg object-cover"
                        />
                      ) : (
                        <span className="truncate">{photo.name}</span>
                      )}
                      <span className="flex items-center gap-1 text-zinc-700 dark:text-zinc-300">
                        <Heart aria-hidden className="size-4 fill-rose-500 text-rose-500" />
                        {t("fans", { count: photo.fans })}
                      </span>
                    </li>
                  ))}
                </ol>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
