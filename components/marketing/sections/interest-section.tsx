import { getTranslations } from "next-intl/server";
import { SignupForm } from "@/components/marketing/signup-form";
import { sectionTitle } from "@/components/marketing/sections/styles";

/** The register-interest form (`#interest`, the hero's second call to action). */
export async function InterestSection() {
  const t = await getTranslations("home");
  return (
    <section
      id="interest"
      aria-labelledby="interest-title"
      className="scroll-mt-16 bg-gradient-to-br from-brand-600 to-amber-500 px-6 py-20 text-white sm:py-28"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="interest-title" className={sectionTitle}>
          {t("interestTitle")}
        </h2>
        <p className="mt-4 text-lg text-white/90">{t("interestBody")}</p>
        <SignupForm
          form="interest"
          className="mt-8 [&_button]:bg-ink-900 [&_button]:hover:bg-ink-800 [&_input]:border-white"
        />
      </div>
    </section>
  );
}
