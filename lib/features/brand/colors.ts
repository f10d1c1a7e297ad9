/**
 * Brand colours and WCAG contrast, in one place: the settings form checks a colour with it, the
 * public pages, OG images, e-mails and the admin shell derive their colours from it. A company
 * may pick any colour; what is drawn with it always reaches AA text contrast (4.5:1): text on a
 * brand-coloured surface is black or white, whichever reads better (every colour reaches 4.5:1
 * with one of them), and the brand colour used as text on the page (links, headings) is
 * darkened on light pages or lightened on dark ones until it does — `brandPalette` says so in
 * `adjusted`, and the settings form tells the admin. No server-only import: the settings form's
 * live preview runs it in the browser.
 */

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** WCAG 2.x AA for normal text. */
export const AA_TEXT = 4.5;

/** The public pages' backgrounds (white; ink-900 in dark mode), which brand text must read on. */
export const PAGE_BACKGROUND = { light: "#ffffff", dark: "#0b0b12" } as const;

/** Text colours on a brand surface. */
export const ON_COLOR = { dark: "#000000", light: "#ffffff" } as const;

/** The platform's own colours, used when a company has not picked any (AA with white text). */
export const DEFAULT_BRAND = "#c2410c";
export const DEFAULT_ACCENT = "#7c3aed";

type Rgb = readonly [number, number, number];

/** "#AbC123" → "#abc123"; anything else → null. */
export function normalizeHex(value: string | null | undefined): string | null {
  const v = value?.trim() ?? "";
  return HEX_COLOR.test(v) ? v.toLowerCase() : null;
}

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG relative luminance of "#rrggbb". */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two "#rrggbb" colours, 1…21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever has more contrast on `background` (always ≥ 4.5:1). */
export function textOn(background: string): string {
  return contrastRatio(ON_COLOR.dark, background) >= contrastRatio(ON_COLOR.light, background)
    ? ON_COLOR.dark
    : ON_COLOR.light;
}

/**
 * `color`, mixed step by step towards black (on a light background) or white (on a dark one)
 * until it reaches `min` contrast on `background`; unchanged when it already does.
 */
export function readableOn(color: string, background: string, min = AA_TEXT): string {
  if (contrastRatio(color, background) >= min) return color;
  const target: Rgb = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const from = rgb(color);
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed = hex(from.map((c, i) => c + (target[i]! - c) * t) as unknown as Rgb);
    if (contrastRatio(mixed, background) >= min) return mixed;
  }
  return hex(target);
}

export interface BrandPalette {
  /** Surfaces (buttons, bars) in the brand colour and accent, with the text drawn on them. */
  brand: string;
  onBrand: string;
  accent: string;
  onAccent: string;
  /** The brand colour and accent as text on the page, per scheme (AA on PAGE_BACKGROUND). */
  brandText: { light: string; dark: string };
  accentText: { light: string; dark: string };
  /** Which text colours had to be adjusted from what the company picked. */
  adjusted: { brand: boolean; accent: boolean };
}

/** The colours every surface derives from a company's picks (null or invalid → the defaults). */
export function brandPalette(picks: {
  brandColor?: string | null;
  accentColor?: string | null;
}): BrandPalette {
  const brand = normalizeHex(picks.brandColor) ?? DEFAULT_BRAND;
  const accent = normalizeHex(picks.accentColor) ?? DEFAULT_ACCENT;
  const text = (c: string) => ({
    light: readableOn(c, PAGE_BACKGROUND.light),
    dark: readableOn(c, PAGE_BACKGROUND.dark),
  });
  const brandText = text(brand);
  const accentText = text(accent);
  const changed = (c: string, t: { light: string; dark: string }) => t.light !== c || t.dark !== c;
  return {
    brand,
    onBrand: textOn(brand),
    accent,
    onAccent: textOn(accent),
    brandText,
    accentText,
    adjusted: { brand: changed(brand, brandText), accent: changed(accent, accentText) },
  };
}
