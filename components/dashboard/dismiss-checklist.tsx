"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { dismissChecklistAction } from "@/lib/features/dashboard/actions";

/** Puts the completed getting-started checklist away (for the whole company). */
export function DismissChecklist() {
  const t = useTranslations();
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      disabled={pending}
      onClick={() =>
        start(async () => {
          const result = await dismissChecklistAction();
          if (!result.ok) return void toast.error(t(result.message, result.values));
          router.refresh();
        })
      }
    >
      {t("admin.dashboard.checklist.dismiss")}
    </Button>
  );
}
