import { defaultLocale, isLocale, type Locale } from "@/lib/core/i18n/config";

/**
 * The visitor's language on a first visit (no NEXT_LOCALE cookie): the best match of the
 * browser's `Accept-Language` among our locales (issue #15). Runs in `proxy.ts` on every such
 * request, so the header is hostile input: only its first `MAX_HEADER_CHARS` characters and
 * `MAX_RANGES` ranges are read, in one linear pass.
 */
export const MAX_HEADER_CHARS = 512;
export const MAX_RANGES = 20;

const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
const LANGUAGE_RANGE = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;

/**
 * The locale with the highest quality (ties: the browser's order); `es-ES`/`es-419` → es,
 * `pt-BR` → pt, `en-GB` → en. Null when nothing matches (`*` names no language of ours).
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  const ranges = header.slice(0, MAX_HEADER_CHARS).split(",", MAX_RANGES);
  for (const range of ranges) {
    const [tag = "", ...params] = range.split(";").map((part) => part.trim());
    if (!LANGUAGE_RANGE.test(tag)) continue;
    const primary = tag.split("-")[0]!.toLowerCase();
    if (!isLocale(primary)) continue;
    let q = 1;
    for (const param of params) {
      if (!/^q=/i.test(param)) continue;
      const match = QUALITY.exec(param);
      // A malformed weight makes the range unusable rather than guessed at.
      q = match ? Number(match[1]) : 0;
    }
    if (q > 0 && (!best || q > best.q)) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/**
 * The language a request is served in: the cookie when it names one of ours (an explicit
 * choice, or the first visit's, always wins), else the best `Accept-Language` match, else pt.
 * `remember` says the proxy should set the cookie, so the choice holds for the whole visit.
 */
export function chooseLocale(
  cookie: string | undefined,
  acceptLanguage: string | null,
): { locale: Locale; remember: boolean } {
  if (isLocale(cookie)) return { locale: cookie, remember: false };
  return { locale: matchAcceptLanguage(acceptLanguage) ?? defaultLocale, remember: true };
}
