"use client";

import { preload } from "react-dom";

/**
 * Fetches a page's largest image from the top of the head, before the stylesheet and the
 * scripts. React's server render puts a high-priority image preload made with `preload()` there;
 * a `<link rel=preload>` element lands after the scripts (or, without an href, stays in the
 * body), so the browser asked for the image after a dozen scripts, and on a phone's few
 * connections it waited for them (issue #16: the Largest Contentful Paint).
 * A client component on purpose: called from a server component, `preload()` would travel in the
 * page's flight data as a hint, and a link that merely prefetches the page would fetch the image.
 * On the client it renders nothing new: React finds the server's link and adds no second one.
 * `imageSrcSet`: the candidates the <picture> will choose from (then `href` is not written).
 */
export function PreloadImage({
  href,
  imageSrcSet,
  imageSizes,
  type,
}: {
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: string;
}) {
  preload(href, { as: "image", fetchPriority: "high", imageSrcSet, imageSizes, type });
  return null;
}
