import { Camera, Send, Sparkles } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { muted, sectionTitle } from "@/components/marketing/sections/section-intro";

/** How it fits an event: capture, curate, deliver (`#integration`). */
export async function IntegrationSection() {
  const t = await getTranslations("home");
  const steps = [
    { Icon: Camera, title: t("captureTitle"), body: t("captureBody") },
    { Icon: Sparkles, title: t("curateTitle"), body: t("curateBody") },
    { Icon: Send, title: t("deliverTitle"), body: t("deliverBody") },
  ];
  return (
    <section
      id="integration"
      aria-labelledby="integration-title"
      className="scroll-mt-16 px-6 py-20 sm:py-28"
    >
      <h2 id="integration-title" className={`text-center ${sectionTitle}`}>
        {t("stepsTitle")}
      </h2>
      <ol className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-3">
        {steps.map(({ Icon, title, body }, i) => (
          <li key={title} className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
            <div className="flex items-center gap-3">
              <Icon aria-hidden className="size-6 text-brand-600" />
              <span className="text-sm font-semibold text-brand-600">0{i + 1}</span>
            </div>
            <h3 className="mt-3 text-xl font-semibold">{title}</h3>
            <p className={`mt-2 ${muted}`}>{body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
