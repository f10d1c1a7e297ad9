import { Check } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { sectionTitle } from "@/components/marketing/sections/section-intro";

/**
 * The plans and their prices (`#pricing`), each with its call to action: sign up (Starter),
 * sign up and start the trial from the subscription page (Professional), talk to us (Enterprise).
 */
export async function PricingSection() {
  const t = await getTranslations("home");
  const plans = [
    {
      name: t("planStarter"),
      price: t("free"),
      perMonth: false,
      features: t("starterFeatures"),
      highlight: false,
      cta: { label: t("ctaStarter"), href: "/auth?mode=signup" },
    },
    {
      name: t("planProfessional"),
      price: t("priceProfessional"),
      perMonth: true,
      features: t("professionalFeatures"),
      highlight: true,
      cta: { label: t("ctaProfessional"), href: "/auth?mode=signup" },
    },
    {
      name: t("planEnterprise"),
      price: t("priceEnterprise"),
      perMonth: true,
      features: t("enterpriseFeatures"),
      highlight: false,
      cta: { label: t("ctaEnterprise"), href: "#interest" },
    },
  ];
  return (
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
            <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm">
              {plan.features.split(" · ").map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-500" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <Link
              href={plan.cta.href}
              prefetch={false}
              className={`mt-6 inline-flex h-11 items-center justify-center rounded-lg px-4 font-medium ${
                plan.highlight
                  ? "bg-brand-700 text-white hover:bg-brand-800"
                  : "border border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
              }`}
            >
              {plan.cta.label}
            </Link>
          </li>
        ))}
      </ul>
      <p
        data-testid="pricing-every-plan"
        className="mx-auto mt-8 max-w-3xl text-center text-sm text-zinc-600 dark:text-zinc-400"
      >
        {t("pricingEveryPlan")}
      </p>
    </section>
  );
}
