import { getTranslations } from "next-intl/server";
import { GalleryWatermarkPanel } from "@/components/watermarks/gallery-watermark-panel";
import { galleryWatermarkStatus } from "@/lib/features/watermarks/queries";
import type { Membership } from "@/lib/platform/tenancy/membership";

/**
 * The content edit page's Watermark section (issue #36), beside the download rule: for the
 * kinds that hold photos (a video gallery has none to mark).
 */
export async function GalleryWatermarkSection({
  membership,
  content,
}: {
  membership: Membership;
  content: { id: string; kind: string };
}) {
  if (content.kind === "video_gallery") return null;
  const [t, status] = await Promise.all([
    getTranslations("watermarks.gallery"),
    galleryWatermarkStatus(membership.company.id, content.id),
  ]);
  return (
    <section aria-labelledby="watermark-heading" className="flex flex-col gap-4">
      <h2 id="watermark-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <GalleryWatermarkPanel contentId={content.id} initial={status} />
    </section>
  );
}
