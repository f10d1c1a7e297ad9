/**
 * Who may open a gallery or an event beyond "viewable" (visibility.ts), issue #36: a password
 * gallery opens only for a browser that proved the password (a signed, short-lived cookie per
 * gallery), and a gallery past its expiry opens for nobody ("no longer available", in the fan's
 * language). The page, every media URL and every engagement call ask the same question through
 * `galleryAccess`.
 *
 * Password events: an event with `visibility = password` opens its page only for a browser that
 * proved the event's password (`ag_unlock_ev_<eventId>`, purpose `event-unlock`). Its password
 * also protects the galleries only it shows: a gallery whose viewable linked events are all
 * password events (no public or unlisted viewable event shows it, `eventLocksOf`) opens only for
 * a browser holding a valid unlock of one of those events, and, when the gallery has a password
 * of its own, that one too. A gallery also shown by a public or unlisted event stays open.
 *
 * Each unlock cookie holds `<expiry>.<mac>`: the MAC binds the gallery (or event), the expiry and
 * the password's current hash, so changing the password ends every unlock already given, and a
 * cookie of one gallery or event opens no other. The two kinds are signed under their own
 * purposes (`gallery-unlock`, `event-unlock`): a gallery's cookie never opens an event, nor an
 * event's a gallery, even for equal ids.
 */
import { sign, verify, type SigningPurpose } from "@/lib/core/signing";
import { isEventViewable } from "@/lib/platform/site/visibility";

export const UNLOCK_COOKIE_PREFIX = "ag_unlock_";
/** An event's unlock cookie: under the gallery prefix, so what skips unlocked pages skips it too. */
export const EVENT_UNLOCK_COOKIE_PREFIX = `${UNLOCK_COOKIE_PREFIX}ev_`;
/** An unlock lasts this long (a reviewer's afternoon, a fan's evening), then the password again. */
export const UNLOCK_SECONDS = 12 * 60 * 60;
const MAC_BYTES = 16;

/** What an unlock opens: a gallery (Content) or an event. */
export type UnlockKind = "gallery" | "event";
const PURPOSE: Record<UnlockKind, SigningPurpose> = { gallery: "gallery-unlock", event: "event-unlock" };

/** A password event that protects a gallery: the only events that can open it. */
export interface EventLock {
  id: string;
  accessPasswordHash: string | null;
}

/** The columns the rule reads. */
export interface GalleryGate {
  visibility: string;
  accessPasswordHash: string | null;
  expiresAt: Date | null;
  /** `eventLocksOf` the gallery's linked events: empty when no password event protects it. */
  eventLocks: EventLock[];
}

/** `open`: show it; `locked`: ask for the password; `expired`: say it is no longer available. */
export type GalleryAccess = "open" | "locked" | "expired";

/** The request's cookies by name (`undefined`: not sent). */
export type UnlockCookies = (name: string) => string | undefined;
export const NO_COOKIES: UnlockCookies = () => undefined;

export const unlockCookieName = (contentId: string) => `${UNLOCK_COOKIE_PREFIX}${contentId}`;
export const eventUnlockCookieName = (eventId: string) => `${EVENT_UNLOCK_COOKIE_PREFIX}${eventId}`;

export function isGalleryExpired(gate: Pick<GalleryGate, "expiresAt">, now = Date.now()): boolean {
  return gate.expiresAt !== null && gate.expiresAt.getTime() <= now;
}

/**
 * The password events among a gallery's linked events that protect it: all its viewable linked
 * events when every one of them is a password event; none when at least one viewable event is
 * public or unlisted (it shows the gallery to anyone), or when it has no viewable event.
 */
export function eventLocksOf(
  events: {
    id: string;
    status: string;
    isPublic: boolean;
    visibility: string;
    accessPasswordHash: string | null;
  }[],
): EventLock[] {
  const viewable = events.filter(isEventViewable);
  if (viewable.length === 0 || viewable.some((event) => event.visibility !== "password")) return [];
  return viewable.map(({ id, accessPasswordHash }) => ({ id, accessPasswordHash }));
}

const macData = (id: string, expiry: number, hash: string) => `${id}\n${expiry}\n${hash}`;

function issueToken(kind: UnlockKind, id: string, passwordHash: string, now: number): string {
  const expiry = Math.floor(now / 1000) + UNLOCK_SECONDS;
  return `${expiry}.${sign(PURPOSE[kind], macData(id, expiry, passwordHash), MAC_BYTES).toString("base64url")}`;
}

/** `<expiry>.<mac>`: the expiry in seconds and the MAC (`MAC_BYTES`, base64url). */
const TOKEN_SHAPE = /^(\d{10})\.([A-Za-z0-9_-]{22})$/;

/** The token's expiry (seconds) when it has a token's shape and is live at `now`; else null. */
function liveExpiryOf(token: string, now: number): number | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const expiry = Number(match[1]);
  return expiry * 1000 <= now || expiry > Math.floor(now / 1000) + UNLOCK_SECONDS ? null : expiry;
}

/**
 * Whether a cookie's value could be a live unlock (its shape and expiry, no MAC): the proxy's
 * cheap test before it gives up the cached page for the per-request one, so a made-up cookie
 * named like an unlock costs no uncached render (the page itself checks the MAC).
 */
export function mayBeLiveUnlock(token: string | undefined, now = Date.now()): boolean {
  return token !== undefined && liveExpiryOf(token, now) !== null;
}

function isValidToken(
  kind: UnlockKind,
  token: string | undefined,
  id: string,
  passwordHash: string | null,
  now: number,
): boolean {
  if (!token || !passwordHash) return false;
  const expiry = liveExpiryOf(token, now);
  if (expiry === null) return false;
  return verify(
    PURPOSE[kind],
    macData(id, expiry, passwordHash),
    Buffer.from(token.slice(token.indexOf(".") + 1), "base64url"),
    MAC_BYTES,
  );
}

/** The cookie value proving the password of `contentId` (as hashed now) until `now + UNLOCK_SECONDS`. */
export function issueUnlockToken(contentId: string, passwordHash: string, now = Date.now()): string {
  return issueToken("gallery", contentId, passwordHash, now);
}

export function isValidUnlockToken(
  token: string | undefined,
  contentId: string,
  passwordHash: string | null,
  now = Date.now(),
): boolean {
  return isValidToken("gallery", token, contentId, passwordHash, now);
}

/** The cookie value proving the password of the event `eventId` (as hashed now). */
export function issueEventUnlockToken(eventId: string, passwordHash: string, now = Date.now()): string {
  return issueToken("event", eventId, passwordHash, now);
}

export function isValidEventUnlockToken(
  token: string | undefined,
  eventId: string,
  passwordHash: string | null,
  now = Date.now(),
): boolean {
  return isValidToken("event", token, eventId, passwordHash, now);
}

/** Whether a password event opens for a request with `cookies` (no stored hash: for nobody). */
export function isEventUnlocked(
  event: { id: string; accessPasswordHash: string | null },
  cookies: UnlockCookies,
  now = Date.now(),
): boolean {
  return isValidEventUnlockToken(
    cookies(eventUnlockCookieName(event.id)),
    event.id,
    event.accessPasswordHash,
    now,
  );
}

/**
 * What a request with `cookies` may do with the gallery. A password gallery without a stored
 * hash stays locked: no password opens it; so does a password event without one.
 */
export function galleryAccess(
  gate: GalleryGate,
  contentId: string,
  cookies: UnlockCookies,
  now = Date.now(),
): GalleryAccess {
  if (isGalleryExpired(gate, now)) return "expired";
  if (gate.eventLocks.length > 0 && !gate.eventLocks.some((event) => isEventUnlocked(event, cookies, now)))
    return "locked";
  if (gate.visibility !== "password") return "open";
  return isValidUnlockToken(cookies(unlockCookieName(contentId)), contentId, gate.accessPasswordHash, now)
    ? "open"
    : "locked";
}

/**
 * The password a locked gallery asks for first: one of its password events' (the gallery's own
 * comes after), else its own. Only meaningful when `galleryAccess` answered `locked`.
 */
export function unlockTargetOf(
  gate: GalleryGate,
  contentId: string,
  cookies: UnlockCookies,
  now = Date.now(),
): { kind: UnlockKind; id: string } {
  const eventOpen = gate.eventLocks.some((event) => isEventUnlocked(event, cookies, now));
  const first = gate.eventLocks[0];
  return first && !eventOpen ? { kind: "event", id: first.id } : { kind: "gallery", id: contentId };
}

/** A `Cookie` header's values by name, read as Next.js reads it (the last of two). */
export function cookieReader(cookieHeader: string | null): UnlockCookies {
  if (!cookieHeader) return NO_COOKIES;
  return (name) => {
    let found: string | undefined;
    for (const part of cookieHeader.split(";")) {
      const eq = part.indexOf("=");
      if (eq > 0 && part.slice(0, eq).trim() === name) found = part.slice(eq + 1).trim();
    }
    return found;
  };
}

/** A gallery's unlock cookie's value in a `Cookie` header. */
export function unlockTokenOf(cookieHeader: string | null, contentId: string): string | undefined {
  return cookieReader(cookieHeader)(unlockCookieName(contentId));
}

/** Whether the request's cookies hold any event's unlock that may be live (the proxy's routing only). */
export function hasEventUnlockCookie(
  cookies: Iterable<{ name: string; value: string }>,
  now = Date.now(),
): boolean {
  for (const { name, value } of cookies)
    if (name.startsWith(EVENT_UNLOCK_COOKIE_PREFIX) && mayBeLiveUnlock(value, now)) return true;
  return false;
}
