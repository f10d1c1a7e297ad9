import { contrastRatio, readableOn, type BrandPalette } from "@/lib/features/brand/colors";

/**
 * The brand as CSS custom properties. The public pages set them on `:root`
 * (`components/public/brand-style.tsx`), so everything a tenant page shows — its dialogs and
 * banners rendered outside the page wrapper included — draws from them; `app/globals.css`
 * holds the platform's values for every other page. The Tailwind colours `tenant`,
 * `on-tenant`, `tenant-hover`, `tenant-accent`, `on-tenant-accent` and the per-scheme text
 * colours `tenant-ink-light` / `tenant-ink-dark` read them.
 */
export const BRAND_VARIABLES = [
  "--tenant-brand",
  "--tenant-on-brand",
  "--tenant-brand-hover",
  "--tenant-accent",
  "--tenant-on-accent",
  "--tenant-ink-light",
  "--tenant-ink-dark",
  "--tenant-accent-ink-light",
  "--tenant-accent-ink-dark",
] as const;

export type BrandVariable = (typeof BRAND_VARIABLES)[number];

/**
 * A hover shade of the brand surface that moves away from its text colour, so the text keeps
 * (and gains) contrast: darker under white text, lighter under black text.
 */
export function hoverShade(surface: string, text: string): string {
  return readableOn(surface, text, Math.min(21, contrastRatio(surface, text) + 1.5));
}

export function brandVariables(palette: BrandPalette): Record<BrandVariable, string> {
  return {
    "--tenant-brand": palette.brand,
    "--tenant-on-brand": palette.onBrand,
    "--tenant-brand-hover": hoverShade(palette.brand, palette.onBrand),
    "--tenant-accent": palette.accent,
    "--tenant-on-accent": palette.onAccent,
    "--tenant-ink-light": palette.brandText.light,
    "--tenant-ink-dark": palette.brandText.dark,
    "--tenant-accent-ink-light": palette.accentText.light,
    "--tenant-accent-ink-dark": palette.accentText.dark,
  };
}

/**
 * `:root{…}` for a `<style>` element. Every value is a "#rrggbb" produced by `brandPalette`
 * (which only accepts validated hex), so nothing a company typed reaches the style sheet;
 * the check below keeps it that way if that ever changes.
 */
export function brandStyleSheet(palette: BrandPalette): string {
  const declarations = Object.entries(brandVariables(palette))
    .filter(([, value]) => /^#[0-9a-f]{6}$/.test(value))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  return `:root:root{${declarations}}`;
}
