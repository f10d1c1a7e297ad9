import { getTranslations } from "next-intl/server";
import { SectionIntro, muted } from "@/components/marketing/sections/section-intro";
import { Card } from "@/components/ui/card";

/** The three pillars of the movement: presence, engagement, revenue (`#movement`). */
export async function MovementSection() {
  const t = await getTranslations("home");
  const pillars = [
    { title: t("presenceTitle"), body: t("presenceBody") },
    { title: t("engagementTitle"), body: t("engagementBody") },
    { title: t("revenueTitle"), body: t("revenueBody") },
  ];
  return (
    <section
      id="movement"
      aria-labelledby="movement-title"
      className="scroll-mt-16 bg-zinc-50 px-6 py-20 sm:py-28 dark:bg-ink-800"
    >
      <SectionIntro id="movement-title" title={t("movementTitle")} body={t("movementBody")} />
      <ul className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-3">
        {pillars.map((p) => (
          <Card asChild key={p.title} tone="raised" padding="lg">
            <li>
              <h3 className="text-xl font-semibold">{p.title}</h3>
              <p className={`mt-2 ${muted}`}>{p.body}</p>
            </li>
          </Card>
        ))}
      </ul>
    </section>
  );
}
