import { getTranslations } from "next-intl/server";
import { sectionTitle } from "@/components/marketing/sections/section-intro";

/** Featured artists' wordmarks (proper names, the same in every language). */
const artists = [
  { name: "Luna Verde", className: "font-serif italic" },
  { name: "NORTHBOUND", className: "tracking-[0.3em] font-black" },
  { name: "Maré Alta", className: "font-light" },
  { name: "The Quiet Hours", className: "font-serif" },
  { name: "SOLSTICE", className: "font-mono font-bold" },
  { name: "Casa Eléctrica", className: "font-extrabold italic" },
];

/** Featured artists' wordmarks (`#artists`). */
export async function ArtistsSection() {
  const t = await getTranslations("home");
  return (
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
  );
}
