"use client";

import { useEffect } from "react";

/**
 * One small island for every image of a public page:
 * - lazy images (`img[data-lazy]`) get their real sources once they come within 50 px of the
 *   viewport (spec §9), including images added later (lightbox, filters);
 * - an image whose renditions fail falls back to its `data-fallback` source (the original, or
 *   the video's poster; spec §8).
 */
export function MediaEnhancer() {
  useEffect(() => {
    // The page's islands are live (effects run once the whole page has hydrated).
    document.documentElement.dataset.hydrated = "true";
    const load = (img: HTMLImageElement) => {
      img.removeAttribute("data-lazy");
      const picture = img.parentElement instanceof HTMLPictureElement ? img.parentElement : null;
      picture?.querySelectorAll<HTMLSourceElement>("source[data-srcset]").forEach((source) => {
        source.srcset = source.dataset.srcset ?? "";
        source.removeAttribute("data-srcset");
      });
      if (img.dataset.src) {
        img.src = img.dataset.src;
        img.removeAttribute("data-src");
      }
    };

    const observer =
      "IntersectionObserver" in window
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (!entry.isIntersecting) continue;
                observer?.unobserve(entry.target);
                load(entry.target as HTMLImageElement);
              }
            },
            { rootMargin: "50px" },
          )
        : null;
    const watch = (root: ParentNode) =>
      root.querySelectorAll<HTMLImageElement>("img[data-lazy]").forEach((img) => {
        if (observer) observer.observe(img);
        else load(img);
      });
    watch(document);
    const mutations = new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof HTMLImageElement && node.hasAttribute("data-lazy"))
            watch(node.parentElement ?? document);
          else if (node instanceof Element) watch(node);
        });
      }
    });
    mutations.observe(document.body, { childList: true, subtree: true });

    const onError = (event: Event) => {
      const img = event.target;
      if (!(img instanceof HTMLImageElement)) return;
      const fallback = img.dataset.fallback;
      if (!fallback || img.dataset.fellBack) return;
      img.dataset.fellBack = "true";
      const picture = img.parentElement instanceof HTMLPictureElement ? img.parentElement : null;
      picture?.querySelectorAll("source").forEach((source) => source.remove());
      img.removeAttribute("srcset");
      img.src = fallback;
    };
    // `error` does not bubble: listen in the capture phase.
    document.addEventListener("error", onError, true);
    // Images that failed before this island hydrated.
    document.querySelectorAll<HTMLImageElement>("img[data-fallback]:not([data-lazy])").forEach((img) => {
      if (img.complete && img.naturalWidth === 0 && img.currentSrc)
        onError({ target: img } as unknown as Event);
    });
    return () => {
      observer?.disconnect();
      mutations.disconnect();
      document.removeEventListener("error", onError, true);
    };
  }, []);
  return null;
}
