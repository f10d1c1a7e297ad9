import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";

/**
 * Next.js's image optimizer (`/_next/image?url=/api/media/{id}/w1920.webp&w=1920&q=75`) is on by
 * default and the production server hands it every `/_next/` path that is not a build file
 * (server/static-files.cjs). It fetches a local URL without the visitor's cookies and keeps the
 * result for at least `minimumCacheTTL` (4 h), keyed by the URL alone, serving it stale while it
 * revalidates: a public photo read once through it stayed readable there after its gallery got a
 * password, expired or was unpublished (issue #36 review). The app never uses it (a plain
 * <picture>: components/ui/responsive-image.tsx), so it is turned off and answers 404.
 */
const require = createRequire(import.meta.url);
const { ImageOptimizerCache } = require("next/dist/server/image-optimizer") as {
  ImageOptimizerCache: {
    validateParams(
      req: { headers: Record<string, string> },
      query: Record<string, string>,
      config: unknown,
      isDev: boolean,
    ): { errorMessage?: string };
  };
};
const { imageConfigDefault } = require("next/dist/shared/lib/image-config") as {
  imageConfigDefault: Record<string, unknown>;
};

describe("Next.js's image optimizer", () => {
  it("would take a public media URL as its source (so it must stay off)", () => {
    const images = { ...imageConfigDefault, ...nextConfig.images };
    const params = ImageOptimizerCache.validateParams(
      { headers: { accept: "image/webp" } },
      { url: "/api/media/cmabc123/w1920.webp", w: "1920", q: "75" },
      { ...nextConfig, images },
      false,
    );
    expect(params.errorMessage).toBeUndefined();
  });

  it("is off: the server answers /_next/image with a 404 (next-server handleNextImageRequest)", () => {
    expect(nextConfig.images?.unoptimized).toBe(true);
  });
});
