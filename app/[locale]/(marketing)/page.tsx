import { BarChart3, Camera, Check, Images, Lock, QrCode, Smartphone, Sparkles, Send } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SignupForm } from "@/components/marketing/signup-form";
import { SiteFooter } from "@/components/marketing/site-footer";
import { TopBar } from "@/components/marketing/top-bar";

const cities = ["London", "Paris", "Barcelona", "Los Angeles"];
/** Featured artists' wordmarks (proper names, the same in every language). */
const artists = [
  { name: "Luna Verde", className: "font-serif italic" },
  { name: "NORTHBOUND", className: "tracking-[0.3em] font-black" },
  { name: "Maré Alta", className: "font-light" },
  { name: "The Quiet Hours", className: "font-serif" },
  { name: "SOLSTICE", className: "font-mono font-bold" },
  { name: "Casa Eléctrica", className: "font-extrabold italic" },
];

export const metadata: Metadata = { alternates: { canonical: "/" } };

const sectionTitle = "text-3xl font-bold tracking-tight sm:text-4xl";
const muted = "text-zinc-600 dark:text-zinc-400";

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("home");

  const pillars = [
    { title: t("presenceTitle"), body: t("presenceBody") },
    { title: t("engagementTitle"), body: t("engagementBody") },
    { title: t("revenueTitle"), body: t("revenueBody") },
  ];
  const features = [
    { Icon: Lock, title: t("featurePrivateTitle"), body: t("featurePrivateBody") },
    { Icon: BarChart3, title: t("featureAnalyticsTitle"), body: t("featureAnalyticsBody") },
    { Icon: Smartphone, title: t("featureMobileTitle"), body: t("featureMobileBody") },
    { Icon: Sparkles, title: t("featureBrandingTitle"), body: t("featureBrandingBody") },
    { Icon: QrCode, title: t("featureQrTitle"), body: t("featureQrBody") },
    { Icon: Images, title: t("featureLeadsTitle"), body: t("featureLeadsBody") },
  ];
  const playbook = [t("playbook1"), t("playbook2"), t("playbook3"), t("playbook4")];
  const steps = [
    { Icon: Camera, title: t("captureTitle"), body: t("captureBody") },
    { Icon: Sparkles, title: t("curateTitle"), body: t("curateBody") },
    { Icon: Send, title: t("deliverTitle"), body: t("deliverBody") },
  ];
  const plans = [
    {
      name: t("planStarter"),
      price: t("free"),
      perMonth: false,
      features: t("starterFeatures"),
      highlight: false,
    },
    {
      name: t("planProfessional"),
      price: t("priceProfessional"),
      perMonth: true,
      features: t("professionalFeatures"),
      highlight: true,
    },
    {
      name: t("planEnterprise"),
      price: t("priceEnterprise"),
      perMonth: true,
      features: t("enterpriseFeatures"),
      highlight: false,
    },
  ];
  const showcase = [
    { caption: t("showcase1"), gradient: "from-fuchsia-600 via-orange-500 to-amber-300" },
    { caption: t("showcase2"), gradient: "from-indigo-700 via-sky-500 to-cyan-300" },
    { caption: t("showcase3"), gradient: "from-emerald-700 via-teal-500 to-lime-300" },
    { caption: t("showcase4"), gradient: "from-rose-700 via-red-500 to-orange-300" },
  ];

  return (
    <>
      <TopBar />
      <main id="main">
        <section
          id="hero"
          aria-labelledby="hero-title"
          className="relative overflow-hidden bg-ink-900 px-6 pt-32 pb-24 text-white sm:pt-44 sm:pb-36"
        >
          <div
            aria-hidden
            className="pointer-events-none absolute inset-x-0 -bottom-40 mx-auto h-80 max-w-3xl rounded-full bg-gradient-to-t from-brand-600/60 to-amber-400/10 blur-3xl"
          />
          <div className="relative mx-auto max-w-4xl text-center">
            <p className="text-sm font-semibold tracking-widest text-brand-400 uppercase">
              {t("heroEyebrow")}
            </p>
            <h1 id="hero-title" className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
              {t("heroTitle")}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-zinc-300">{t("heroSubtitle")}</p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <a
                href="#problem"
                className="inline-flex h-12 items-center rounded-full bg-orange-700 px-6 font-semibold text-white hover:bg-orange-800"
              >
                {t("learnMore")}
              </a>
              <a
                href="#interest"
                className="inline-flex h-12 items-center rounded-full border border-white/30 px-6 font-semibold text-white hover:bg-white/10"
              >
                {t("heroCtaInterest")}
              </a>
            </div>
          </div>
        </section>

        <section id="problem" aria-labelledby="problem-title" className="scroll-mt-16 px-6 py-20 sm:py-28">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="problem-title" className={sectionTitle}>
              {t("problemTitle")}
            </h2>
            <p className={`mt-4 text-lg ${muted}`}>{t("problemBody")}</p>
          </div>
          <ul className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-3">
            {[t("problemPoint1"), t("problemPoint2"), t("problemPoint3")].map((point) => (
              <li key={point} className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
                {point}
              </li>
            ))}
          </ul>
        </section>

        <section
          id="movement"
          aria-labelledby="movement-title"
          className="scroll-mt-16 bg-zinc-50 px-6 py-20 sm:py-28 dark:bg-ink-800"
        >
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="movement-title" className={sectionTitle}>
              {t("movementTitle")}
            </h2>
            <p className={`mt-4 text-lg ${muted}`}>{t("movementBody")}</p>
          </div>
          <ul className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-3">
            {pillars.map((p) => (
              <li key={p.title} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-ink-900">
                <h3 className="text-xl font-semibold">{p.title}</h3>
                <p className={`mt-2 ${muted}`}>{p.body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="quote" aria-label={t("quoteLabel")} className="px-6 py-20 sm:py-28">
          <figure className="mx-auto max-w-3xl text-center">
            <blockquote className="text-2xl font-medium text-balance sm:text-3xl">
              “{t("quoteText")}”
            </blockquote>
            <figcaption className={`mt-6 ${muted}`}>
              <span className="font-semibold text-zinc-900 dark:text-zinc-100">{t("quoteAuthor")}</span> ·{" "}
              {t("quoteRole")}
            </figcaption>
          </figure>
        </section>

        <section
          id="platform"
          aria-labelledby="platform-title"
          className="scroll-mt-16 bg-ink-900 px-6 py-20 text-white sm:py-28"
        >
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="platform-title" className={sectionTitle}>
              {t("platformTitle")}
            </h2>
            <p className="mt-4 text-lg text-zinc-300">{t("platformBody")}</p>
          </div>
          <ul className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ Icon, title, body }) => (
              <li key={title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                <Icon aria-hidden className="size-6 text-brand-400" />
                <h3 className="mt-3 text-lg font-semibold">{title}</h3>
                <p className="mt-1 text-zinc-300">{body}</p>
              </li>
            ))}
          </ul>
          <div className="mx-auto mt-16 max-w-3xl">
            <h3 className="text-center text-2xl font-semibold">{t("playbookTitle")}</h3>
            <ol className="mt-6 grid gap-3">
              {playbook.map((step, i) => (
                <li
                  key={step}
                  className="flex items-start gap-4 rounded-xl bg-white/5 p-4 ring-1 ring-white/10"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-orange-700 font-semibold">
                    {i + 1}
                  </span>
                  <span className="pt-1 text-zinc-200">{step}</span>
                </li>
              ))}
            </ol>
          </div>
        </section>

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

        <section
          id="showcase"
          aria-labelledby="showcase-title"
          className="scroll-mt-16 bg-zinc-50 px-6 py-20 sm:py-28 dark:bg-ink-800"
        >
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="showcase-title" className={sectionTitle}>
              {t("showcaseTitle")}
            </h2>
            <p className={`mt-4 text-lg ${muted}`}>{t("showcaseBody")}</p>
          </div>
          <ul className="mx-auto mt-12 grid max-w-5xl grid-cols-2 gap-4 lg:grid-cols-4">
            {showcase.map((item) => (
              <li
                key={item.caption}
                className={`flex aspect-[3/4] items-end rounded-2xl bg-gradient-to-br p-4 text-white shadow-sm ${item.gradient}`}
              >
                <span className="rounded-lg bg-black/40 px-2 py-1 text-sm font-medium backdrop-blur">
                  {item.caption}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-16 text-center">
            <h3 className="text-sm font-semibold tracking-widest text-zinc-500 uppercase dark:text-zinc-400">
              {t("citiesTitle")}
            </h3>
            <ul className="mt-4 flex flex-wrap justify-center gap-x-8 gap-y-2 text-2xl font-semibold">
              {cities.map((city) => (
                <li key={city}>{city}</li>
              ))}
            </ul>
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 px-6 py-20 sm:py-28">
          <h2 id="pricing-title" className={`text-center ${sectionTitle}`}>
            {t("pricingTitle")}
          </h2>
          <ul className="mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-3">
            {plans.map((plan) => (
              <li
                key={plan.name}
                className={`flex flex-col rounded-2xl p-6 ${
                  plan.highlight
                    ? "bg-ink-900 text-white ring-2 ring-brand-500 dark:bg-ink-800"
                    : "border border-zinc-200 dark:border-zinc-800"
                }`}
              >
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                <p className="mt-2 text-4xl font-bold">
                  {plan.price}
                  {plan.perMonth && <span className="text-base font-normal opacity-70">{t("perMonth")}</span>}
                </p>
                <ul className="mt-6 flex flex-col gap-2 text-sm">
                  {plan.features.split(" · ").map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-500" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>

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

        <section id="artists" aria-labelledby="artists-title" className="scroll-mt-16 px-6 py-20 sm:py-28">
          <h2 id="artists-title" className={`text-center ${sectionTitle}`}>
            {t("artistsTitle")}
          </h2>
          <ul className="mx-auto mt-12 grid max-w-5xl grid-cols-2 gap-6 sm:grid-cols-3">
            {artists.map((artist) => (
              <li
                key={artist.name}
                className={`flex h-24 items-center justify-center rounded-2xl border border-zinc-200 text-xl text-zinc-700 dark:border-zinc-800 dark:text-zinc-300 ${artist.className}`}
              >
                {artist.name}
              </li>
            ))}
          </ul>
        </section>

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
      </main>
      <SiteFooter />
    </>
  );
}
