import { getTranslations } from "next-intl/server";

/** The hero: title, pitch and the two calls to action (`#hero`: the top bar shows its logo once this scrolls away). */
export async function HeroSection() {
  const t = await getTranslations("home");
  return (
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
        <p className="text-sm font-semibold tracking-widest text-brand-400 uppercase">{t("heroEyebrow")}</p>
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
  );
}
