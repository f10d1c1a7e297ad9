import { getTranslations } from "next-intl/server";
import { SignupForm } from "@/components/marketing/signup-form";
import { muted, sectionTitle } from "@/components/marketing/sections/styles";

/** The newsletter sign-up (`#newsletter`). */
export async function NewsletterSection() {
  const t = await getTranslations("home");
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-title"
      className="scroll-mt-16 bg-zinc-50 px-6 py-20 sm:py-28 dark:bg-ink-800"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="newsletter-title" className={sectionTitle}>
          {t("newsletterTitle")}
        </h2>
        <p className={`mt-4 text-lg ${muted}`}>{t("newsletterBody")}</p>
        <SignupForm form="newsletter" className="mt-8" />
      </div>
    </section>
  );
}
