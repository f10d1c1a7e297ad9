import { getTranslations } from "next-intl/server";
import { SectionIntro } from "@/components/marketing/sections/section-intro";

/** The problem the platform solves, in three points (`#problem`, the hero's "learn more" target). */
export async function ProblemSection() {
  const t = await getTranslations("home");
  return (
    <section id="problem" aria-labelledby="problem-title" className="scroll-mt-16 px-6 py-20 sm:py-28">
      <SectionIntro id="problem-title" title={t("problemTitle")} body={t("problemBody")} />
      <ul className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-3">
        {[t("problemPoint1"), t("problemPoint2"), t("problemPoint3")].map((point) => (
          <li key={point} className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
            {point}
          </li>
        ))}
      </ul>
    </section>
  );
}
