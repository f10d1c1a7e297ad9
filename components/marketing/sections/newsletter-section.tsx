import { getTranslations } from "next-intl/server";
import { SignupForm } from "@/components/marketing/signup-form";
import { SectionIntro } from "@/components/marketing/sections/section-intro";

/** The newsletter sign-up (`#newsletter`). */
export async function NewsletterSection() {
  const t = await getTranslations("home");
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-title"
      className="scroll-mt-16 bg-zinc-50 px-6 py-20 sm:py-28 dark:bg-ink-800"
    >
      <SectionIntro id="newsletter-title" title={t("newsletterTitle")} body={t("newsletterBody")} narrow>
        <SignupForm form="newsletter" className="mt-8" />
      </SectionIntro>
    </section>
  );
}
