"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { deleteEventAction } from "@/lib/features/events/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";

export function DeleteEventButton({ eventId, name }: { eventId: string; name: string }) {
  const t = useTranslations("events");
  const tAll = useTranslations();
  const router = useRouter();
  return (
    <ConfirmButton
      title={t("deleteTitle")}
      message={t("deleteMessage", { name })}
      confirmLabel={t("deleteConfirm")}
      onConfirm={async () => {
        const result = await deleteEventAction(eventId);
        if (!result.ok) {
          toast.error(tAll(result.message, result.values));
          return false;
        }
        toast.success(t("deleted"));
        router.push("/admin/events");
      }}
    >
      <Trash2 aria-hidden className="size-4" />
      {t("delete")}
    </ConfirmButton>
  );
}
