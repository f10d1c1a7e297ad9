/** Event URL slugs: `/event/{slug}`, unique across the platform. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/** "Festival de Verão 2026!" → "festival-de-verao-2026". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "") // accents
    .toLowerCase()
    .replace(/[æ]/g, "ae")
    .replace(/[œ]/g, "oe")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
}

/** Candidates when a slug is taken: `name`, `name-2`, `name-3` … */
export function slugCandidates(base: string, count = 20): string[] {
  const root = base.slice(0, SLUG_MAX - 4).replace(/-+$/g, "") || "event";
  return [base || root, ...Array.from({ length: count - 1 }, (_, i) => `${root}-${i + 2}`)];
}
