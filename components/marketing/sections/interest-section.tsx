import { getTranslations } from "next-intl/server";
import { SignupForm } from "@/components/marketing/signup-form";
import { SectionIntro } from "@/components/marketing/sections/section-intro";

/** The register-interest form (`#interest`, the hero's second call to action). */
export async function InterestSection() {
  const t = await getTranslations("home");
  return (
    <section
      id="interest"
      aria-labelledby="interest-title"
      className="scroll-mt-16 bg-gradient-to-br from-brand-700 to-amber-700 px-6 py-20 text-white sm:py-28"
    >
      <SectionIntro
        id="interest-title"
        title={t("interestTitle")}
        body={t("interestBody")}
        tone="onBrand"
        narrow
      >
        <SignupForm
          form="interest"
          className="mt-8 [&_button]:bg-ink-900 [&_button]:hover:bg-ink-800 [&_input]:border-white"
        />
      </SectionIntro>
    </section>
  );
}
