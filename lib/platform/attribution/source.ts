/**
 * Where a visit came from, as stored on `engagement_event.source` and `lead.source` (null: a
 * direct visit or unknown). One short string, never personal data (no IP, no user agent):
 *
 *   ch:<channel>    a link shared from our share buttons (`ch:whatsapp`, `ch:copy-link`, …), or
 *                   `ch:short-link`: an item's short link opened untagged with no referrer
 *   qr:<qrCodeId>   a scan of one of the organiser's labelled QR codes (the label is looked up)
 *   utm:<value>     the link's `utm_source`, lowercased
 *   ref:<domain>    another site's link (the referrer's host name, lowercased, no port)
 *
 * The visit's source travels in the `ag_src` cookie (set where the visit lands: a short link,
 * or the first page with a tagged URL or a foreign referrer) and every engagement write and lead
 * copies it from there. A fan can forge the cookie, so it is only ever checked against this
 * format: attribution is a statistic, not a permission.
 */
export const SOURCE_COOKIE = "ag_src";

/** The share buttons a `ch:` source names. */
export const SHARE_CHANNELS = [
  "native",
  "copy-link",
  "whatsapp",
  "telegram",
  "facebook",
  "x",
  "email",
] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** An item's short link (`/s/{code}`) opened with no tag and no referrer: a poster, an app's link. */
export const SHORT_LINK_SOURCE = "ch:short-link";

export type SourceKind = "channel" | "qr" | "utm" | "referrer";

const PREFIX: Record<SourceKind, string> = { channel: "ch", qr: "qr", utm: "utm", referrer: "ref" };
const KIND_OF_PREFIX = new Map(Object.entries(PREFIX).map(([kind, prefix]) => [prefix, kind as SourceKind]));

const VALUE_PATTERN: Record<SourceKind, RegExp> = {
  channel: /^[a-z][a-z0-9-]{0,23}$/,
  qr: /^[a-z0-9]{8,40}$/,
  utm: /^[a-z0-9][a-z0-9._-]{0,59}$/,
  referrer: /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
};

export interface VisitSource {
  kind: SourceKind;
  value: string;
}

/** The stored form of a source, or null when the value does not fit its kind. */
export function encodeSource(source: VisitSource): string | null {
  return VALUE_PATTERN[source.kind].test(source.value) ? `${PREFIX[source.kind]}:${source.value}` : null;
}

/** The source in a stored or cookie value; null for anything that is not exactly our format. */
export function decodeSource(stored: string | null | undefined): VisitSource | null {
  if (!stored || stored.length > 260) return null;
  const colon = stored.indexOf(":");
  const kind = colon > 0 ? KIND_OF_PREFIX.get(stored.slice(0, colon)) : undefined;
  if (!kind) return null;
  const value = stored.slice(colon + 1);
  return VALUE_PATTERN[kind].test(value) ? { kind, value } : null;
}

/** A cookie or stored value, kept only when it is a well-formed source. */
export function validSource(stored: string | null | undefined): string | null {
  return decodeSource(stored) ? stored! : null;
}
