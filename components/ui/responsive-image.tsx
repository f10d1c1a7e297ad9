import type { PublicImage } from "@/lib/surfaces/public-site/types";
import { PreloadImage } from "@/components/ui/preload-image";
import { cx } from "@/lib/core/join-classes";

/** Shown by a lazy image until its real source is set (an image without `src` shows its alt text). */
const BLANK = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

const srcSet = (sources: { width: number; url: string }[]) =>
  sources.map((s) => `${s.url} ${s.width}w`).join(", ");

/**
 * A responsive picture: AVIF then WebP renditions by width, the blur placeholder behind it
 * while it loads, and `data-fallback` (the original, or a video's poster) which
 * `MediaEnhancer` swaps in when the renditions fail to load (spec §8).
 * `lazy` defers loading until the image comes within 50 px of the viewport (spec §9), done
 * by `MediaEnhancer`; `lazy="browser"` is the browser's own `loading="lazy"` (images that may be
 * above the fold on a laptop but are below it on a phone, where they should not compete with the
 * page's largest image); above-the-fold images pass `lazy={false}`, and the page's largest one
 * (its banner or cover: the LCP element) also `priority`, so the browser fetches it first: a
 * preload at the top of the head (`PreloadImage`: the same candidates the picture will choose
 * from, asked for before the stylesheet and the scripts) and `fetchpriority=high`.
 * Works in server and client components (no hooks). A plain <picture>, not next/image: the
 * renditions are made once on upload, and the optimiser would encode them again.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  lazy = true,
  priority = false,
  className,
  imgClassName,
  fit = "cover",
}: {
  image: PublicImage;
  alt: string;
  sizes: string;
  lazy?: boolean | "browser";
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  fit?: "cover" | "contain";
}) {
  const fallback = image.webp.at(-1)?.url ?? image.fallbackUrl ?? undefined;
  const small = image.webp.find((s) => s.width >= 640)?.url ?? fallback;
  // The first format the <picture> offers, so the preloaded file is the one it then uses.
  const [type, sources] = image.avif.length > 0 ? ["image/avif", image.avif] : ["image/webp", image.webp];
  // Lazy images carry their sources in data- attributes until MediaEnhancer sets them.
  const scripted = lazy === true;
  const attr = (name: "srcSet" | "src", value: string | undefined) =>
    value ? { [scripted ? `data-${name.toLowerCase()}` : name]: value } : {};
  return (
    <span
      className={cx("block overflow-hidden bg-zinc-200 bg-cover bg-center dark:bg-zinc-800", className)}
      style={image.blurDataUrl ? { backgroundImage: `url("${image.blurDataUrl}")` } : undefined}
    >
      {priority && !lazy && small && (
        <PreloadImage
          href={small}
          {...(sources.length > 0 ? { type, imageSrcSet: srcSet(sources), imageSizes: sizes } : {})}
        />
      )}
      <picture className="contents">
        {image.avif.length > 0 && (
          <source type="image/avif" sizes={sizes} {...attr("srcSet", srcSet(image.avif))} />
        )}
        {image.webp.length > 0 && (
          <source type="image/webp" sizes={sizes} {...attr("srcSet", srcSet(image.webp))} />
        )}
        <img
          alt={alt}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          decoding="async"
          fetchPriority={priority && !lazy ? "high" : undefined}
          loading={lazy === "browser" ? "lazy" : undefined}
          data-lazy={scripted ? "" : undefined}
          data-fallback={image.fallbackUrl ?? undefined}
          {...attr("src", small)}
          {...(scripted ? { src: BLANK } : {})}
          className={cx(
            "block h-full w-full",
            fit === "cover" ? "object-cover" : "object-contain",
            imgClassName,
          )}
        />
      </picture>
    </span>
  );
}
