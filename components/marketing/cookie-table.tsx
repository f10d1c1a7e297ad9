import { getTranslations } from "next-intl/server";
import { STORAGE_INVENTORY, type Lifetime } from "@/lib/surfaces/public-site/cookie-inventory";

/**
 * The cookie policy's per-cookie table (issue #40): every cookie and storage entry with its
 * type, category, purpose and lifetime, from the one inventory the code is tested against.
 * A phone scrolls the table sideways inside a labelled, focusable region (keyboard users too).
 */
export async function CookieTable() {
  const t = await getTranslations("legal.cookieTable");
  const lifetime = (l: Lifetime) => {
    switch (l.span) {
      case "minutes":
      case "hours":
      case "days":
        return t(`lifetimes.${l.span}`, { count: l.count });
      case "session":
        return t("lifetimes.session", { maxDays: l.maxDays });
      default:
        return t(`lifetimes.${l.span}`);
    }
  };
  return (
    <section className="mt-10" aria-labelledby="cookie-table-title">
      <h2 id="cookie-table-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <div
        className="mt-4 overflow-x-auto rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 dark:border-zinc-800"
        role="region"
        aria-labelledby="cookie-table-caption"
        tabIndex={0}
      >
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="cookie-table">
          <caption id="cookie-table-caption" className="sr-only">
            {t("caption")}
          </caption>
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              {(["name", "kind", "category", "purpose", "lifetime"] as const).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {t(`columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {STORAGE_INVENTORY.map((entry) => (
              <tr key={entry.id} data-testid={`cookie-row-${entry.id}`}>
                <th scope="row" className="px-3 py-2 align-top font-mono text-xs font-normal break-all">
                  {entry.name}
                </th>
                <td className="px-3 py-2 align-top">{t(`kinds.${entry.kind}`)}</td>
                <td className="px-3 py-2 align-top">{t(`categories.${entry.category}`)}</td>
                <td className="px-3 py-2 align-top text-zinc-700 dark:text-zinc-300">
                  {t(`purposes.${entry.id}`)}
                  {entry.adminOnly && (
                    <span className="block text-zinc-600 dark:text-zinc-400">{t("adminOnly")}</span>
                  )}
                </td>
                <td className="px-3 py-2 align-top">{lifetime(entry.lifetime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
