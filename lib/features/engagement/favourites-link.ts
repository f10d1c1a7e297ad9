import { sign, verify } from "@/lib/core/signing";

/**
 * The token of the e-mailed "your favourites on another device" link (issue #36):
 * `<expires>.<visitor>.<mac>`, the MAC (the signer's `favourites-link` key) over the gallery, the
 * visitor whose hearts it brings and the expiry. The gallery is in the MAC, not in the token: the
 * link is read only at that gallery's address, so a token opens no other gallery (nor another
 * company's). No e-mail address is in it, and it travels in the URL's fragment, which browsers
 * never send to a server (no access log, no referrer, no link scanner opening it).
 */
export const FAVOURITES_LINK_DAYS = 7;
const LINK_SECONDS = FAVOURITES_LINK_DAYS * 24 * 60 * 60;
const MAC_BYTES = 24;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const EXPIRES = /^[1-9][0-9]{0,11}$/;

const signed = (contentId: string, visitorId: string, expires: number) =>
  `${contentId}|${visitorId}|${expires}`;

export function favouritesLinkToken(contentId: string, visitorId: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + LINK_SECONDS;
  const mac = sign("favourites-link", signed(contentId, visitorId, expires), MAC_BYTES).toString("base64url");
  return `${expires}.${visitorId}.${mac}`;
}

export type FavouritesLinkCheck =
  { ok: true; visitorId: string } | { ok: false; reason: "invalid" | "expired" };

/**
 * The visitor whose favourites the token brings, if it was made for this gallery and has not
 * expired. A forged or altered token is "invalid" whatever its date says.
 */
export function readFavouritesLinkToken(
  token: string,
  contentId: string,
  nowMs = Date.now(),
): FavouritesLinkCheck {
  const [expiresText, visitorId, macText, extra] = token.split(".");
  if (extra !== undefined || !expiresText || !visitorId || !macText) return { ok: false, reason: "invalid" };
  if (!EXPIRES.test(expiresText) || !UUID.test(visitorId)) return { ok: false, reason: "invalid" };
  const expires = Number(expiresText);
  const mac = Buffer.from(macText, "base64url");
  if (!verify("favourites-link", signed(contentId, visitorId, expires), mac, MAC_BYTES)) {
    return { ok: false, reason: "invalid" };
  }
  if (expires * 1000 <= nowMs) return { ok: false, reason: "expired" };
  return { ok: true, visitorId };
}
