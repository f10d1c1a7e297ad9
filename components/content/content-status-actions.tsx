"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { PublishControl } from "@/components/admin/publish-control";
import { deleteContentAction } from "@/lib/features/content/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ContentStatus } from "@/lib/generated/prisma/enums";

/** The content's publishing (the control shared with events) and its deletion. */
export function ContentStatusActions({
  contentId,
  status,
  title,
}: {
  contentId: string;
  status: ContentStatus;
  title: string;
}) {
  const t = useTranslations("content");
  const tAll = useTranslations();
  const router = useRouter();
  return (
    <div className="flex flex-wrap gap-2">
      <PublishControl target={{ kind: "content", id: contentId, status }} title={title} />
      <ConfirmButton
        title={t("deleteTitle")}
        message={t("deleteMessage", { title })}
        confirmLabel={t("deleteConfirm")}
        onConfirm={async () => {
          const result = await deleteContentAction(contentId);
          if (!result.ok) {
            toast.error(tAll(result.message, result.values));
            return false;
          }
          toast.success(t("deletedToast"));
          router.push("/admin/content");
        }}
      >
        <Trash2 aria-hidden className="size-4" />
        {t("delete")}
      </ConfirmButton>
    </div>
  );
}
