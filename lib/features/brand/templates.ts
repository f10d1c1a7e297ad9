/**
 * The public pages' templates (Settings → Branding). Each changes the layout and typography of
 * the landing, event and player pages, not only a colour. No server-only import: the settings
 * form lists them.
 */
export const TEMPLATES = ["classic", "editorial", "stage"] as const;
export type TemplateId = (typeof TEMPLATES)[number];

export const DEFAULT_TEMPLATE: TemplateId = "classic";

/** The stored value as a template; an unknown or empty one reads as the default. */
export function templateOf(value: string | null | undefined): TemplateId {
  return (TEMPLATES as readonly string[]).includes(value ?? "") ? (value as TemplateId) : DEFAULT_TEMPLATE;
}

/**
 * What each template changes, as Tailwind classes the public components apply (the layout
 * decisions that go beyond classes — masthead vs. bar, single column vs. grid, hero band — are
 * switched on `layout` in `components/public/`). Fonts are system stacks only: no web-font
 * download, so nothing to allow in the CSP and nothing to wait for.
 */
export interface TemplateStyle {
  /** How the header, lists and heroes are laid out. */
  layout: "grid" | "magazine" | "stage";
  /** The font of the whole tenant page. */
  font: string;
  /** The page's main title (landing name, event name, content title). */
  title: string;
  /** Section titles. */
  heading: string;
  /** Small labels above titles (kind, date). */
  label: string;
  /** Item titles in lists and cards. */
  itemTitle: string;
  /** Width of the page's content column. */
  container: string;
  /** The list of events or contents. */
  list: string;
  /** Side margin of texts inside the content column (the stage's lists run edge to edge, its texts do not). */
  inset: string;
}

export const TEMPLATE_STYLES: Record<TemplateId, TemplateStyle> = {
  classic: {
    layout: "grid",
    font: "font-sans",
    title: "text-3xl font-bold tracking-tight text-balance sm:text-4xl",
    heading: "text-2xl font-bold",
    label: "text-sm font-medium",
    itemTitle: "text-lg font-semibold",
    container: "mx-auto max-w-6xl px-4 sm:px-6",
    list: "grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
    inset: "",
  },
  editorial: {
    layout: "magazine",
    font: "font-serif",
    title: "text-4xl font-normal tracking-tight text-balance sm:text-6xl",
    heading: "border-b border-current pb-2 text-lg tracking-[0.2em] [font-variant-caps:all-small-caps]",
    label: "text-base tracking-[0.15em] [font-variant-caps:all-small-caps]",
    itemTitle: "text-2xl font-normal sm:text-3xl",
    container: "mx-auto max-w-3xl px-5 sm:px-8",
    list: "flex flex-col gap-14",
    inset: "",
  },
  stage: {
    layout: "stage",
    font: "font-sans",
    title:
      "font-condensed text-5xl leading-[0.95] font-black tracking-tight text-balance uppercase font-stretch-condensed sm:text-7xl",
    heading: "font-condensed text-3xl font-extrabold tracking-wide uppercase font-stretch-condensed",
    label: "text-xs font-bold tracking-[0.2em] uppercase",
    itemTitle: "font-condensed text-xl font-extrabold uppercase font-stretch-condensed",
    container: "px-0",
    list: "grid gap-px sm:grid-cols-2 lg:grid-cols-4",
    inset: "px-4 sm:px-8",
  },
};

export function templateStyle(template: TemplateId): TemplateStyle {
  return TEMPLATE_STYLES[template];
}
