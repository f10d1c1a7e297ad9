/**
 * Next.js 16 leaves a page's server-rendered metadata in `<head>` when the visitor follows a link
 * before React has adopted those tags (vercel/next.js#97472: the metadata sits in its own Suspense
 * boundary, which hydrates after the rest of the page). The next page then adds its own title,
 * description, canonical link and Open Graph tags beside the stale ones, for good: share sheets,
 * extensions and assistive tools that read the live document see two canonical addresses.
 *
 * A tag React manages carries React's expando properties; an orphan has none. After a client-side
 * navigation every current metadata tag is React's, so an unmanaged one is a leftover.
 */

/** The per-page tags Next.js renders from `generateMetadata` (lib/surfaces/public-site/metadata.ts). */
export const PAGE_METADATA_SELECTOR = [
  "title",
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[name="application-name"]',
  'meta[name^="twitter:"]',
  'meta[property^="og:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"]',
  'link[rel="icon"]',
  'link[rel="apple-touch-icon"]',
].join(", ");

/** React marks the DOM nodes it manages with `__reactFiber$…` / `__reactMarker$…` properties. */
export function isReactManaged(node: object): boolean {
  return Object.keys(node).some((key) => key.startsWith("__reactFiber$") || key.startsWith("__reactMarker$"));
}

/**
 * The metadata tags in `head` that React does not manage. None while React's marks cannot be seen
 * on any child of `head` (a future React that names them differently): nothing is known stale then.
 */
export function staleMetadataTags(head: ParentNode): Element[] {
  if (!Array.from(head.children).some(isReactManaged)) return [];
  return Array.from(head.querySelectorAll(PAGE_METADATA_SELECTOR)).filter((node) => !isReactManaged(node));
}
