"use client";

import { Download, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { deleteLeadAction } from "@/lib/features/leads/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Button } from "@/components/ui/button";

/** A lead's row actions: download the person's data; delete (admins) after a confirmation. */
export function LeadRowActions({
  leadId,
  name,
  email,
  canDelete,
}: {
  leadId: string;
  name: string;
  email: string;
  canDelete: boolean;
}) {
  const t = useTranslations("admin.leads");
  const tAll = useTranslations();
  const router = useRouter();
  return (
    <div className="flex justify-end gap-2">
      <Button asChild variant="secondary" size="sm">
        <a
          href={`/api/admin/leads/${encodeURIComponent(leadId)}/export`}
          download
          aria-label={t("exportPersonLabel", { name })}
        >
          <Download aria-hidden className="size-4" />
          {t("exportPerson")}
        </a>
      </Button>
      {canDelete && (
        <ConfirmButton
          size="sm"
          title={t("deleteTitle")}
          message={t("deleteMessage", { name, email })}
          confirmLabel={t("deleteConfirm")}
          onConfirm={async () => {
            const result = await deleteLeadAction(leadId);
            if (!result.ok) {
              toast.error(tAll(result.message));
              return false;
            }
            toast.success(t("deleted"));
            router.refresh();
          }}
        >
          <Trash2 aria-hidden className="size-4" />
          <span>
            {t("delete")}
            <span className="sr-only"> {name}</span>
          </span>
        </ConfirmButton>
      )}
    </div>
  );
}
