import { getTranslations } from "next-intl/server";
import { muted } from "@/components/marketing/sections/section-intro";

/** A customer's quote (`#quote`). */
export async function QuoteSection() {
  const t = await getTranslations("home");
  return (
    <section id="quote" aria-label={t("quoteLabel")} className="px-6 py-20 sm:py-28">
      <figure className="mx-auto max-w-3xl text-center">
        <blockquote className="text-2xl font-medium text-balance sm:text-3xl">“{t("quoteText")}”</blockquote>
        <figcaption className={`mt-6 ${muted}`}>
          <span className="font-semibold text-zinc-900 dark:text-zinc-100">{t("quoteAuthor")}</span> ·{" "}
          {t("quoteRole")}
        </figcaption>
      </figure>
    </section>
  );
}
