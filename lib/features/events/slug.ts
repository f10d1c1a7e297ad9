import { SLUG_MAX_LENGTH, slugCandidates } from "@/lib/platform/site/slug";

/**
 * Event URL slugs: `/{company}/evento/{slug}` (and `/evento/{slug}` on the company's host),
 * unique per company (the database's unique index on company and slug); the company-less
 * `/event/{slug}` only redirects for events made before slugs were per company (lib/features/events/global-slug.ts). They live below a fixed segment, so, unlike company
 * slugs, they may be any word, reserved ones included. Text becomes a slug with the shared
 * `slugify` of `lib/platform/site/slug`, whose `SLUG_PATTERN` they are checked against.
 */
export const SLUG_MAX = SLUG_MAX_LENGTH;

/** The first `count` candidates when an event slug is taken: `name`, `name-2`, `name-3` … */
export function eventSlugCandidates(base: string, count = 20): string[] {
  const candidates = slugCandidates(base, { maxLength: SLUG_MAX, fallback: "event" });
  return Array.from({ length: count }, () => candidates.next().value as string);
}
