/**
 * Slugs, in one place: the words the platform keeps for itself, how text becomes a slug, and
 * the numbered alternatives when one is taken. Company slugs (the first path segment of the
 * public pages, `/{slug}`, and the tenant's subdomain), subdomain labels and event slugs all
 * use this module. No server-only import: the event form suggests slugs in the browser.
 */

/**
 * Subdomain labels that never name a tenant (spec §2, Subdomain mode). `host.ts` reads the
 * host with exactly these, as the spec says; they are also reserved as company slugs.
 */
export const RESERVED_SUBDOMAIN_LABELS: ReadonlySet<string> = new Set([
  "www",
  "api",
  "admin",
  "cdn",
  "static",
  "assets",
  "app",
]);

/** See RESERVED_SLUGS: platform-looking names and the operator's usual DNS names. */
const PLATFORM_NAMES = [
  "about",
  "accounts",
  "afterglow",
  "app",
  "auth",
  "billing",
  "blog",
  "dashboard",
  "dev",
  "docs",
  "email",
  "ftp",
  "help",
  "imap",
  "login",
  "logout",
  "mail",
  "mx",
  "ns1",
  "ns2",
  "pop",
  "register",
  "secure",
  "security",
  "signin",
  "signup",
  "smtp",
  "staging",
  "status",
  "support",
  "webmail",
] as const;

/**
 * Everything that can never be a company slug. A company slug is the first path segment of
 * its pages (`/{slug}`), and on its own host (`{slug}.afterglow.events`) the tenant's pages
 * are first path segments themselves (`/termos`), so this is every first path segment the
 * app uses, in both trees. `tests/unit/reserved-slugs-routes.test.ts` reads `app/` and fails
 * when a route folder is added without being listed here.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // Top-level routes (app/[locale]/…, route groups flattened; app/api; metadata files).
  "account",
  "admin",
  "api",
  "auth",
  "cookies",
  "email-confirmation",
  "event",
  "invite",
  "onboarding",
  "player",
  "privacy",
  // A reviewer's magic link (issue #36).
  "review",
  "robots.txt",
  // Short links (`/s/{code}`, lib/short-links) on the app host and on every tenant host.
  "s",
  "sitemap.xml",
  "terms",
  // A tenant's own pages: `/{slug}/evento/x` in path mode, `/evento/x` on its host.
  "evento",
  "privacidade",
  "termos",
  // Internal segments: the tenant-host tree, a password gallery's unlocked page (issue #36), and
  // where `internalPath` sends a direct request for them (a path no route claims).
  "~site",
  "~unlocked",
  "_",
  // Platform paths: Next's assets and error pages, the browser's icon, well-known URIs.
  "_next",
  "404",
  "500",
  "favicon.ico",
  "icon.svg",
  "apple-icon.png",
  ".well-known",
  // A company slug may become a subdomain.
  ...RESERVED_SUBDOMAIN_LABELS,
  // Names a visitor would trust as the platform's own on its domain (`status.afterglow.events`,
  // `login.…`), and the operator's usual DNS names: no company may take them, as a page or as
  // a subdomain (phishing on a trusted name; an operator's record in the DNS zone).
  ...PLATFORM_NAMES,
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}

/** The longest slug the app stores (event slugs use all of it). */
export const SLUG_MAX_LENGTH = 80;

/** Company slugs: short enough to read in a URL and to be a DNS label (≤ 63). */
export const COMPANY_SLUG_MAX = 48;
export const COMPANY_SLUG_MIN = 3;

/**
 * The shape of every slug, company and event (what `slugify` produces): a–z, 0–9, single
 * dashes between them.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Why a company slug an admin typed cannot be used, before asking who holds it: not
 * slug-shaped or of the wrong length (`invalid`), or kept by the platform (`reserved`).
 */
export function companySlugProblem(slug: string): "invalid" | "reserved" | null {
  if (slug.length < COMPANY_SLUG_MIN || slug.length > COMPANY_SLUG_MAX || !SLUG_PATTERN.test(slug)) {
    return "invalid";
  }
  return isReservedSlug(slug) ? "reserved" : null;
}

/**
 * "Noite Acústica & Co." → "noite-acustica-co", "Straße" → "strasse": accents and ligatures
 * folded, anything else a single dash, none at either end, at most `maxLength` characters.
 * May return "" (a name with no letters or digits).
 */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "") // accents
    .toLowerCase()
    .replace(/[æ]/g, "ae")
    .replace(/[œ]/g, "oe")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}

/**
 * Candidates for a slug that may be taken, in order: `base`, `base-2`, `base-3` … each at
 * most `maxLength` long (the base is shortened to make room for the suffix). An empty base
 * becomes `fallback` ("!!!" → "company", "company-2" …) and, with `avoidReserved`, a reserved
 * base starts at `base-2` ("admin" → "admin-2"). Endless: the caller takes what it tries.
 */
export function* slugCandidates(
  base: string,
  options: { maxLength: number; fallback: string; avoidReserved?: boolean },
): Generator<string> {
  const { maxLength, fallback, avoidReserved = false } = options;
  const root = base || fallback;
  if (!(avoidReserved && isReservedSlug(root))) yield root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    yield `${root.slice(0, maxLength - suffix.length).replace(/-+$/g, "")}${suffix}`;
  }
}

/** A company's slug candidates from its name: never reserved, "company-2" for a nameless one. */
export function companySlugCandidates(name: string): Generator<string> {
  return slugCandidates(slugify(name, COMPANY_SLUG_MAX), {
    maxLength: COMPANY_SLUG_MAX,
    fallback: "company",
    avoidReserved: true,
  });
}
