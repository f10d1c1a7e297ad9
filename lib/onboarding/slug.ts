import { reservedSubdomains } from "@/lib/tenancy/host";

/**
 * Company slugs are the first path segment of the public pages (`/{slug}`) and may become
 * a subdomain, so they can never be one of the app's own routes or a reserved label.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "auth",
  "admin",
  "event",
  "api",
  "player",
  "privacy",
  "terms",
  "cookies",
  "onboarding",
  "invite",
  "email-confirmation",
  ...reservedSubdomains,
]);

export const SLUG_MAX_LENGTH = 48;

/** "Noite Acústica & Co." → "noite-acustica-co" (accents folded, anything else a dash). */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, "");
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

/**
 * Candidates in order: the base, then base-2, base-3 … (a reserved or empty base starts
 * with a suffix: "admin" → "admin-2"; "!!!" → "company-2").
 */
export function* slugCandidates(name: string): Generator<string> {
  const base = slugify(name) || "company";
  if (!isReservedSlug(base)) yield base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    yield `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/g, "")}${suffix}`;
  }
}
