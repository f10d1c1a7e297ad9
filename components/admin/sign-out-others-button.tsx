"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { signOutOtherSessionsAction } from "@/lib/features/account/auth-actions";

export function SignOutOthersButton({ disabled }: { disabled?: boolean }) {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={pending || disabled}
      onClick={() =>
        startTransition(async () => {
          const result = await signOutOtherSessionsAction();
          if (result.ok) toast.success(t("session.signedOutOthers", { count: result.data.count }));
          else toast.error(t(result.message));
        })
      }
    >
      {t("session.signOutOthers")}
    </Button>
  );
}
