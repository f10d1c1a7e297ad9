"use client";

import { useTranslations } from "next-intl";
import { brandPalette, PAGE_BACKGROUND } from "@/lib/features/brand/colors";
import type { ColorScheme } from "@/lib/features/brand/schemas";
import type { TemplateId } from "@/lib/features/brand/templates";
import { cn } from "@/lib/core/merge-classes";

export interface PreviewValues {
  name: string;
  logoUrl: string | null;
  brandColor: string;
  accentColor: string;
  colorScheme: ColorScheme;
  template: TemplateId;
}

/** The page's neutral colours per scheme (AA on PAGE_BACKGROUND, like the public pages). */
const INK = {
  light: { text: "#18181b", muted: "#52525b", card: "#f4f4f5", line: "#e4e4e7" },
  dark: { text: "#fafafa", muted: "#a1a1aa", card: "#1c1c28", line: "#27272a" },
} as const;

/** Placeholder "photos": the brand colour and accent mixed, so a colour change shows at once. */
function photo(from: string, to: string, angle: number) {
  return { backgroundImage: `linear-gradient(${angle}deg, ${from}, ${to})` };
}

/**
 * A miniature landing page drawn from the form's unsaved values: the header with the logo and
 * name, a hero, a few cards and a button, in the template's typography and layout (classic:
 * sans and a card grid; editorial: serif, centred masthead, one column of large images; stage:
 * bold uppercase condensed headings, a full-bleed hero in the brand colour, a tight
 * edge-to-edge grid), with the colours `brandPalette` gives the public pages. "Follow the
 * device" shows a light and a dark page side by side. Decorative: nothing in it is interactive.
 */
export function BrandPreview({ values }: { values: PreviewValues }) {
  const t = useTranslations("settings.branding.preview");
  const schemes = values.colorScheme === "system" ? (["light", "dark"] as const) : [values.colorScheme];
  return (
    <div
      data-testid="brand-preview"
      data-template={values.template}
      data-scheme={values.colorScheme}
      className={cn("grid gap-3", schemes.length > 1 && "xl:grid-cols-2")}
    >
      {schemes.map((scheme) => (
        <figure key={scheme} className="flex flex-col gap-1">
          <figcaption className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            {t(scheme)}
          </figcaption>
          <PreviewPage values={values} scheme={scheme} />
        </figure>
      ))}
    </div>
  );
}

function PreviewPage({ values, scheme }: { values: PreviewValues; scheme: "light" | "dark" }) {
  const t = useTranslations("settings.branding.preview");
  const palette = brandPalette(values);
  const ink = INK[scheme];
  const brandText = palette.brandText[scheme];
  const accentText = palette.accentText[scheme];
  const { template } = values;
  const heading = cn(
    template === "editorial" && "font-serif font-normal",
    template === "stage" && "font-black uppercase tracking-tight [font-stretch:condensed]",
    template === "classic" && "font-sans font-bold",
  );
  const logo = values.logoUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- a local preview or a signed URL
    <img
      src={values.logoUrl}
      alt={t("logoAlt", { company: values.name })}
      className={cn("object-contain", template === "editorial" ? "size-10" : "size-7", "rounded")}
    />
  ) : null;
  const cards = [1, 2, 3];
  const button = (
    <span
      className={cn(
        "inline-block px-3 py-1.5 text-xs font-semibold",
        template === "classic" && "rounded-full",
        template === "editorial" && "rounded-none font-serif",
        template === "stage" && "rounded-none uppercase tracking-wider",
      )}
      style={{ background: palette.brand, color: palette.onBrand }}
    >
      {t("cta")}
    </span>
  );

  return (
    <div
      data-testid={`brand-preview-${scheme}`}
      className={cn(
        "overflow-hidden rounded-xl text-sm ring-1 ring-zinc-300 dark:ring-zinc-700",
        template === "editorial" ? "font-serif" : "font-sans",
      )}
      style={{ background: PAGE_BACKGROUND[scheme], color: ink.text }}
    >
      {template === "editorial" ? (
        <div
          className="flex flex-col items-center gap-1 border-b px-4 py-4 text-center"
          style={{ borderColor: ink.line }}
        >
          {logo}
          <p className="text-xl tracking-wide">{values.name}</p>
        </div>
      ) : (
        <div
          className={cn("flex items-center gap-2 px-3 py-2", template === "stage" && "font-black uppercase")}
          style={template === "stage" ? { background: "#000000", color: "#ffffff" } : undefined}
        >
          {logo}
          <p className="truncate font-semibold">{values.name}</p>
        </div>
      )}

      {template === "stage" ? (
        <div className="px-3 py-6" style={{ background: palette.brand, color: palette.onBrand }}>
          <p className={cn("text-2xl leading-none", heading)}>{t("heroTitle")}</p>
          <p className="mt-2 text-xs">{t("heroText")}</p>
        </div>
      ) : (
        <div className={cn("px-4 py-4", template === "editorial" && "text-center")}>
          <p
            className={cn(template === "editorial" ? "text-2xl italic" : "text-lg", heading)}
            style={{ color: brandText }}
          >
            {t("heroTitle")}
          </p>
          <p className="mt-1 text-xs" style={{ color: ink.muted }}>
            {t("heroText")}
          </p>
        </div>
      )}

      {template === "classic" && (
        <div className="grid grid-cols-3 gap-2 px-4 pb-3">
          {cards.map((n) => (
            <div key={n} className="overflow-hidden rounded-lg" style={{ background: ink.card }}>
              <div className="aspect-[4/3]" style={photo(palette.brand, palette.accent, 30 * n)} />
              <p className="px-1.5 py-1 text-xs font-semibold">{t("card", { n })}</p>
            </div>
          ))}
        </div>
      )}
      {template === "editorial" && (
        <div className="flex flex-col gap-3 px-6 pb-3">
          {cards.slice(0, 2).map((n) => (
            <div key={n}>
              <div className="aspect-[16/9]" style={photo(palette.accent, palette.brand, 40 * n)} />
              <p className="mt-1 text-base">{t("card", { n })}</p>
              <p className="text-xs italic" style={{ color: accentText }}>
                {t("cardMeta", { count: 12 * n })}
              </p>
            </div>
          ))}
        </div>
      )}
      {template === "stage" && (
        <div className="grid grid-cols-3 gap-0.5">
          {cards.concat([4, 5, 6]).map((n) => (
            <div key={n} className="aspect-square" style={photo(palette.brand, palette.accent, 45 * n)} />
          ))}
        </div>
      )}

      <div className={cn("px-4 py-3", template === "editorial" && "text-center")}>{button}</div>
    </div>
  );
}
