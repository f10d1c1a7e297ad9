/**
 * Names a member typed (their display name, their company's name) as they may appear in an
 * e-mail the operator's sender sends to an address the member chose: an invitation's subject
 * and body. Without this, anyone who signs up could mail any address text of their own choosing
 * ("Claim your prize at evil.example") under the operator's name and reputation (issue #34).
 * So the name is cut to `MAIL_NAME_MAX` characters, and loses what only a message needs:
 * - control and invisible formatting characters (line breaks, bidi overrides, zero-width
 *   joiners), which can fake lines or reorder text;
 * - links: anything with a scheme (`https://…`, `mailto:…`) or starting `www.` is dropped, and
 *   a bare domain (`evil.example`) loses its dots ("evil example"), so no mail client makes it a
 *   link while a name like "Rock.fm" stays readable.
 * Compatibility forms are folded first (NFKC), so full-width "ｅｖｉｌ．ｃｏｍ" is caught too.
 */

/** Characters of a name kept in an e-mail; the company name's own limit is 100. */
export const MAIL_NAME_MAX = 60;

/** Controls, format characters (bidi, zero-width), private-use, unassigned, line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
/**
 * An address with its scheme (`https://…`, and the schemes written without slashes: `mailto:`,
 * `tel:` …) or starting `www.`, up to the next space. A colon alone ("Band: Live") is no link.
 */
const LINK = /\b(?:[a-z][a-z\d+.-]*:\/\/|(?:mailto|tel|sms|callto|javascript|vbscript|data):|www\.)\S*/giu;
/** Dots that mail clients read as the separators of a domain (ASCII, ideographic, half-width). */
const DOT = "[.\\u3002\\uff61]";
/** A dotted name ending in a label of two or more letters: what a client would link. */
const DOMAIN = new RegExp(
  `[\\p{L}\\p{N}_-]+(?:${DOT}[\\p{L}\\p{N}_-]+)*${DOT}\\p{L}{2,}(?![\\p{L}\\p{N}])`,
  "gu",
);

export function mailSafeName(value: string, max = MAIL_NAME_MAX): string {
  const text = value
    .normalize("NFKC")
    .replace(INVISIBLE, " ")
    .replace(LINK, " ")
    .replace(DOMAIN, (domain) => domain.replace(new RegExp(DOT, "gu"), " "))
    .replace(/\s+/gu, " ")
    .trim();
  const characters = Array.from(text);
  return characters.length <= max
    ? text
    : `${characters
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}
