import { getTranslations, setRequestLocale } from "next-intl/server";
import { SiteFooter } from "@/components/marketing/site-footer";

const cities = ["London", "Paris", "Barcelona", "Los Angeles"];

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("home");
  const steps = [
    { title: t("captureTitle"), body: t("captureBody") },
    { title: t("curateTitle"), body: t("curateBody") },
    { title: t("deliverTitle"), body: t("deliverBody") },
  ];
  const plans = [
    { name: t("planStarter"), price: t("free"), perMonth: false, features: t("starterFeatures") },
    {
      name: t("planProfessional"),
      price: t("priceProfessional"),
      perMonth: true,
      features: t("professionalFeatures"),
    },
    {
      name: t("planEnterprise"),
      price: t("priceEnterprise"),
      perMonth: true,
      features: t("enterpriseFeatures"),
    },
  ];

  return (
    <>
      <main id="main">
        <section className="relative overflow-hidden bg-ink-900 px-6 py-28 text-white sm:py-40">
          <div className="mx-auto max-w-4xl text-center">
            <p className="text-sm font-semibold tracking-widest text-brand-400 uppercase">
              {t("heroEyebrow")}
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">{t("heroTitle")}</h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-zinc-300">{t("heroSubtitle")}</p>
            <a
              href="#problem"
              className="mt-10 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-500"
            >
              {t("learnMore")}
            </a>
          </div>
        </section>

        <section id="problem" className="mx-auto max-w-3xl px-6 py-20 text-center">
          <h2 className="text-3xl font-bold">{t("problemTitle")}</h2>
          <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">{t("problemBody")}</p>
        </section>

        <section className="bg-zinc-50 px-6 py-20 dark:bg-ink-800">
          <h2 className="text-center text-3xl font-bold">{t("stepsTitle")}</h2>
          <ol className="mx-auto mt-10 grid max-w-5xl gap-6 sm:grid-cols-3">
            {steps.map((step, i) => (
              <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-ink-900">
                <span className="text-sm font-semibold text-brand-600">0{i + 1}</span>
                <h3 className="mt-2 text-xl font-semibold">{step.title}</h3>
                <p className="mt-2 text-zinc-600 dark:text-zinc-400">{step.body}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="px-6 py-16 text-center">
          <h2 className="text-sm font-semibold tracking-widest text-zinc-500 uppercase">
            {t("citiesTitle")}
          </h2>
          <ul className="mt-4 flex flex-wrap justify-center gap-x-8 gap-y-2 text-2xl font-semibold">
            {cities.map((city) => (
              <li key={city}>{city}</li>
            ))}
          </ul>
        </section>

        <section id="pricing" className="bg-zinc-50 px-6 py-20 dark:bg-ink-800">
          <h2 className="text-center text-3xl font-bold">{t("pricingTitle")}</h2>
          <ul className="mx-auto mt-10 grid max-w-5xl gap-6 sm:grid-cols-3">
            {plans.map((plan) => (
              <li key={plan.name} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-ink-900">
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                <p className="mt-2 text-3xl font-bold">
                  {plan.price}
                  {plan.perMonth && (
                    <span className="text-base font-normal text-zinc-500">{t("perMonth")}</span>
                  )}
                </p>
                <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{plan.features}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
