import { Heart } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { CardSection } from "@/components/ui/card";
import { mostFavourited } from "@/lib/features/content/media-page";

/** How many of the most-hearted photos the organiser sees. */
const TOP = 8;

/**
 * The gallery's photos fans hearted most (issue #36): what to pick for the poster, the sponsor's
 * recap or the next post. An empty state says how hearts arrive.
 */
export async function FavouritesPanel({ companyId, contentId }: { companyId: string; contentId: string }) {
  const [t, top] = await Promise.all([
    getTranslations("content.favourites"),
    // Only the top ones are read and signed, however large the gallery.
    mostFavourited(companyId, contentId, TOP),
  ]);
  return (
    <CardSection id="favourites-heading" title={t("title")} description={t("description")}>
      {top.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="favourites-empty">
          {t("empty")}
        </p>
      ) : (
        <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="favourites-top">
          {top.map((m) => (
            <li key={m.id} className="flex flex-col gap-1 text-sm">
              {m.thumbUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- an admin thumbnail from our own media route
                <img
                  src={m.thumbUrl}
                  alt={m.originalName}
                  className="aspect-square w-full rounded-lg object-cover"
                />
              ) : (
                <span className="truncate">{m.originalName}</span>
              )}
              <span className="flex items-center gap-1 text-zinc-700 dark:text-zinc-300">
                <Heart aria-hidden className="size-4 fill-rose-500 text-rose-500" />
                {t("count", { count: m.favourites })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </CardSection>
  );
}
