import { getTranslations } from "next-intl/server";
import { SectionIntro } from "@/components/marketing/sections/section-intro";

const cities = ["London", "Paris", "Barcelona", "Los Angeles"];

/** Sample galleries and the cities where the platform is used (`#showcase`). */
export async function ShowcaseSection() {
  const t = await getTranslations("home");
  const showcase = [
    { caption: t("showcase1"), gradient: "from-fuchsia-600 via-orange-500 to-amber-300" },
    { caption: t("showcase2"), gradient: "from-indigo-700 via-sky-500 to-cyan-300" },
    { caption: t("showcase3"), gradient: "from-emerald-700 via-teal-500 to-lime-300" },
    { caption: t("showcase4"), gradient: "from-rose-700 via-red-500 to-orange-300" },
  ];
  return (
    <section
      id="showcase"
      aria-labelledby="showcase-title"
      className="scroll-mt-16 bg-zinc-50 px-6 py-20 sm:py-28 dark:bg-ink-800"
    >
      <SectionIntro id="showcase-title" title={t("showcaseTitle")} body={t("showcaseBody")} />
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
  );
}
