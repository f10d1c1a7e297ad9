import { encodeSource, SHARE_CHANNELS, SOURCE_COOKIE } from "@/lib/platform/attribution/source";

/** Our own tag on a shared link: `?ch=whatsapp` (short, so shared links stay short). */
export const CHANNEL_PARAM = "ch";

/**
 * A source lasts a day (last non-direct touch): the morning-after visit from a shared link is
 * credited to it for that day's likes and lead, and no longer — it names a channel, never a
 * person, and the cookie policy lists it as functional on that basis. A newer tagged visit
 * replaces it.
 */
export const SOURCE_MAX_AGE_SECONDS = 24 * 60 * 60;

const CHANNELS: ReadonlySet<string> = new Set(SHARE_CHANNELS);

/** Longest query value or Referer we look at; anything longer is hostile or junk. */
const MAX_INPUT = 2048;

export interface LandingInput {
  /** The landing page's query (`request.nextUrl.searchParams`). */
  searchParams: URLSearchParams;
  /** The request's `Referer` header. */
  referer: string | null;
  /** Whether a host is one of ours (the app, a tenant subdomain, a custom domain). */
  isOwnHost: (host: string) => boolean;
}

/**
 * The visit's source from where it landed (lib/platform/attribution/source.ts), by precedence:
 * our channel tag (`?ch=`), then `utm_source`, then a foreign referrer's host. QR sources come
 * only from a QR code's short link (lib/short-links), never from a URL a fan can type. Every
 * value is normalised and checked against the stored format; anything else is null (direct).
 */
export function landingSource(input: LandingInput): string | null {
  return channelSource(input.searchParams) ?? utmSource(input.searchParams) ?? referrerSource(input);
}

function param(searchParams: URLSearchParams, name: string): string | null {
  const value = searchParams.get(name);
  return value && value.length <= MAX_INPUT ? value : null;
}

function channelSource(searchParams: URLSearchParams): string | null {
  const value = param(searchParams, CHANNEL_PARAM)?.trim().toLowerCase();
  return value && CHANNELS.has(value) ? encodeSource({ kind: "channel", value }) : null;
}

function utmSource(searchParams: URLSearchParams): string | null {
  const raw = param(searchParams, "utm_source");
  if (!raw) return null;
  const value = raw.trim().toLowerCase().replace(/\s+/g, "-").slice(0, 60);
  return value ? encodeSource({ kind: "utm", value }) : null;
}

function referrerSource(input: LandingInput): string | null {
  const host = referrerHost(input.referer);
  if (!host || input.isOwnHost(host)) return null;
  return encodeSource({ kind: "referrer", value: host.replace(/^www\./, "") });
}

/** The host of an http(s) Referer, lowercased, without port; null for anything else. */
export function referrerHost(referer: string | null): string | null {
  if (!referer || referer.length > MAX_INPUT) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  return host || null;
}

/**
 * The `Set-Cookie` header of the `ag_src` cookie: never read by pages (HttpOnly), sent on
 * top-level visits (Lax). Written by hand because Next's cookie helper percent-encodes the
 * value (`ch%3Awhatsapp`), which the engagement API's reader would refuse as malformed; a
 * source is only ever `[a-z0-9.:_-]`, all valid cookie octets.
 */
export function sourceSetCookie(value: string, secure: boolean): string {
  const cookie = sourceCookie(value, secure);
  return [
    `${cookie.name}=${cookie.value}`,
    `Path=${cookie.path}`,
    `Max-Age=${cookie.maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(cookie.secure ? ["Secure"] : []),
  ].join("; ");
}

/** The `ag_src` cookie's attributes. */
export function sourceCookie(value: string, secure: boolean) {
  return {
    name: SOURCE_COOKIE,
    value,
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    path: "/",
    maxAge: SOURCE_MAX_AGE_SECONDS,
  };
}
