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
