"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { CardSection } from "@/components/ui/card";
import { BannerUpload } from "@/components/uploads/banner-upload";
import { WatermarkPlanNote } from "@/components/watermarks/plan-note";
import { setEventSponsorLogoAction } from "@/lib/features/watermarks/actions";
import type { EventSponsor } from "@/lib/features/watermarks/queries";

/**
 * An event's sponsor logo (issue #36), uploaded like its banner and saved as soon as the upload
 * is verified: the second mark, in the corner opposite the company's, of the event's watermarked
 * galleries (their photos are redrawn in the background).
 */
export function SponsorLogoPanel({ eventId, sponsor }: { eventId: string; sponsor: EventSponsor }) {
  const t = useTranslations("watermarks.sponsor");
  const tAll = useTranslations();
  const [pending, startTransition] = useTransition();
  const save = (mediaId: string | null) =>
    startTransition(async () => {
      const result = await setEventSponsorLogoAction(eventId, mediaId);
      if (result.ok) toast.success(t(mediaId ? "saved" : "removed"));
      else toast.error(tAll(result.message, result.values));
    });
  return (
    <CardSection
      id="sponsor-logo-title"
      title={t("title")}
      titleClassName="font-semibold"
      description={t("description")}
    >
      <div className="mt-3 flex flex-col gap-3">
        {!sponsor.allowed && <WatermarkPlanNote />}
        {/* Without the plan: no upload to offer (a logo set before can still be removed). */}
        {(sponsor.allowed || sponsor.logo) && (
          <BannerUpload
            current={sponsor.logo}
            onChange={save}
            disabled={pending}
            texts={{ preview: t("preview"), hint: t("hint"), processing: t("processing") }}
          />
        )}
      </div>
    </CardSection>
  );
}
