import Link from "next/link";
import { getTranslations } from "next-intl/server";

/** Previous/next links that keep the list's filters in the query string. */
export async function Pagination({
  basePath,
  page,
  pageCount,
  query,
}: {
  basePath: string;
  page: number;
  pageCount: number;
  query: Record<string, string | undefined>;
}) {
  if (pageCount <= 1) return null;
  const t = await getTranslations("content.pagination");
  const href = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
    if (p > 1) params.set("page", String(p));
    const qs = params.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };
  const link =
    "rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
  return (
    <nav aria-label={t("label")} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={href(page - 1)} className={link} rel="prev">
          {t("previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("pageOf", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link href={href(page + 1)} className={link} rel="next">
          {t("next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
