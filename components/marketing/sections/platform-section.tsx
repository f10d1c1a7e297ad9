import { BarChart3, Images, Lock, QrCode, Smartphone, Sparkles } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { SectionIntro } from "@/components/marketing/sections/section-intro";
import { Card } from "@/components/ui/card";

/** What the platform does, feature by feature, and the playbook (`#platform`). */
export async function PlatformSection() {
  const t = await getTranslations("home");
  const features = [
    { Icon: Lock, title: t("featurePrivateTitle"), body: t("featurePrivateBody") },
    { Icon: BarChart3, title: t("featureAnalyticsTitle"), body: t("featureAnalyticsBody") },
    { Icon: Smartphone, title: t("featureMobileTitle"), body: t("featureMobileBody") },
    { Icon: Sparkles, title: t("featureBrandingTitle"), body: t("featureBrandingBody") },
    { Icon: QrCode, title: t("featureQrTitle"), body: t("featureQrBody") },
    { Icon: Images, title: t("featureLeadsTitle"), body: t("featureLeadsBody") },
  ];
  const playbook = [t("playbook1"), t("playbook2"), t("playbook3"), t("playbook4")];
  return (
    <section
      id="platform"
      aria-labelledby="platform-title"
      className="scroll-mt-16 bg-ink-900 px-6 py-20 text-white sm:py-28"
    >
      <SectionIntro id="platform-title" title={t("platformTitle")} body={t("platformBody")} tone="onDark" />
      <ul className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ Icon, title, body }) => (
          <Card asChild key={title} tone="translucent" padding="lg">
            <li>
              <Icon aria-hidden className="size-6 text-brand-400" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-zinc-300">{body}</p>
            </li>
          </Card>
        ))}
      </ul>
      <div className="mx-auto mt-16 max-w-3xl">
        <h3 className="text-center text-2xl font-semibold">{t("playbookTitle")}</h3>
        <ol className="mt-6 grid gap-3">
          {playbook.map((step, i) => (
            <li key={step} className="flex items-start gap-4 rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-orange-700 font-semibold">
                {i + 1}
              </span>
              <span className="pt-1 text-zinc-200">{step}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
