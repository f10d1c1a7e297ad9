/**
 * The e-mailed favourites link carries its token in the page address's fragment,
 * `#favourites=<token>` (issue #36): browsers never send a fragment to a server. Pure: the mail
 * writes it, the player's browser code reads it.
 */
export const FAVOURITES_LINK_FRAGMENT = "favourites=";

/** The token in a `location.hash`, or null when the hash is not a favourites link. */
export function favouritesTokenFromHash(hash: string): string | null {
  const prefix = `#${FAVOURITES_LINK_FRAGMENT}`;
  if (!hash.startsWith(prefix)) return null;
  const token = hash.slice(prefix.length);
  return /^[A-Za-z0-9._-]{1,200}$/.test(token) ? token : null;
}
