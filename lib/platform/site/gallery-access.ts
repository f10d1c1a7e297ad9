/**
 * Who may open a gallery beyond "viewable" (visibility.ts), issue #36: a password gallery opens
 * only for a browser that proved the password (a signed, short-lived cookie per gallery), and a
 * gallery past its expiry opens for nobody ("no longer available", in the fan's language). The
 * page, every media URL and every engagement call ask the same question through `galleryAccess`.
 *
 * The unlock cookie `ag_unlock_<contentId>` holds `<expiry>.<mac>`: the MAC (purpose
 * `gallery-unlock`) binds the gallery, the expiry and the password's current hash, so changing the
 * password ends every unlock already given, and a cookie of one gallery opens no other.
 */
import { sign, verify } from "@/lib/core/signing";

export const UNLOCK_COOKIE_PREFIX = "ag_unlock_";
/** An unlock lasts this long (a reviewer's afternoon, a fan's evening), then the password again. */
export const UNLOCK_SECONDS = 12 * 60 * 60;
const MAC_BYTES = 16;

/** The columns the rule reads. */
export interface GalleryGate {
  visibility: string;
  accessPasswordHash: string | null;
  expiresAt: Date | null;
}

/** `open`: show it; `locked`: ask for the password; `expired`: say it is no longer available. */
export type GalleryAccess = "open" | "locked" | "expired";

export const unlockCookieName = (contentId: string) => `${UNLOCK_COOKIE_PREFIX}${contentId}`;

export function isGalleryExpired(gate: Pick<GalleryGate, "expiresAt">, now = Date.now()): boolean {
  return gate.expiresAt !== null && gate.expiresAt.getTime() <= now;
}

const macData = (contentId: string, expiry: number, hash: string) => `${contentId}\n${expiry}\n${hash}`;

/** The cookie value proving the password of `contentId` (as hashed now) until `now + UNLOCK_SECONDS`. */
export function issueUnlockToken(contentId: string, passwordHash: string, now = Date.now()): string {
  const expiry = Math.floor(now / 1000) + UNLOCK_SECONDS;
  return `${expiry}.${sign("gallery-unlock", macData(contentId, expiry, passwordHash), MAC_BYTES).toString("base64url")}`;
}

export function isValidUnlockToken(
  token: string | undefined,
  contentId: string,
  passwordHash: string | null,
  now = Date.now(),
): boolean {
  if (!token || !passwordHash) return false;
  const match = /^(\d{10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 <= now || expiry > Math.floor(now / 1000) + UNLOCK_SECONDS) return false;
  return verify(
    "gallery-unlock",
    macData(contentId, expiry, passwordHash),
    Buffer.from(match[2]!, "base64url"),
    MAC_BYTES,
  );
}

/**
 * What a request holding `token` (the gallery's unlock cookie, if any) may do with the gallery.
 * A password gallery without a stored hash stays locked: no password opens it.
 */
export function galleryAccess(
  gate: GalleryGate,
  contentId: string,
  token: string | undefined,
  now = Date.now(),
): GalleryAccess {
  if (isGalleryExpired(gate, now)) return "expired";
  if (gate.visibility !== "password") return "open";
  return isValidUnlockToken(token, contentId, gate.accessPasswordHash, now) ? "open" : "locked";
}

/** The unlock cookie's value in a `Cookie` header, read as Next.js reads it (the last of two). */
export function unlockTokenOf(cookieHeader: string | null, contentId: string): string | undefined {
  if (!cookieHeader) return undefined;
  const name = unlockCookieName(contentId);
  let found: string | undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) found = part.slice(eq + 1).trim();
  }
  return found;
}
