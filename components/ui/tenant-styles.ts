/**
 * The primary action of the public pages: the company's brand surface with its AA text colour
 * on a tenant's pages (`components/public/brand-style.tsx` sets the variables), orange-700 with
 * white text everywhere else (the platform defaults in `app/globals.css`, also AA).
 * Passed to `<Button>` as an override.
 */
export const primaryAction = "bg-tenant text-on-tenant hover:bg-tenant-hover disabled:bg-tenant/60";

/** The brand colour used as text (links, accents): adjusted per scheme to AA on the page background. */
export const brandText = "text-tenant-ink-light dark:text-tenant-ink-dark";

/** Hover colour of quiet links on tenant pages. */
export const brandHover = "hover:text-tenant-ink-light dark:hover:text-tenant-ink-dark";
