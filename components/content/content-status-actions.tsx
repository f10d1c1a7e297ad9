"use client";

import { Archive, Eye, EyeOff, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { deleteContentAction, setContentStatusAction } from "@/lib/content/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Button } from "@/components/ui/button";
import type { ContentStatus } from "@/lib/generated/prisma/enums";

/** Publish, unpublish, archive and delete a content. */
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
  const [pending, start] = useTransition();
  const change = (next: ContentStatus, done: string) =>
    start(async () => {
      const result = await setContentStatusAction(contentId, next);
      if (!result.ok) return void toast.error(tAll(result.message, result.values));
      toast.success(done);
      router.refresh();
    });
  return (
    <div className="flex flex-wrap gap-2">
      {status !== "published" && (
        <Button type="button" disabled={pending} onClick={() => change("published", t("publishedToast"))}>
          <Eye aria-hidden className="size-4" />
          {t("publish")}
        </Button>
      )}
      {status === "published" && (
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() => change("draft", t("unpublishedToast"))}
        >
          <EyeOff aria-hidden className="size-4" />
          {t("unpublish")}
        </Button>
      )}
      {status !== "archived" && (
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() => change("archived", t("archivedToast"))}
        >
          <Archive aria-hidden className="size-4" />
          {t("archive")}
        </Button>
      )}
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
