"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { revokeInvitationAction } from "@/lib/features/team/actions";

export function RevokeInvitationButton({ invitationId, email }: { invitationId: string; email: string }) {
  const t = useTranslations();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={pending}
      aria-label={`${t("team.revoke")}: ${email}`}
      onClick={() =>
        startTransition(async () => {
          const result = await revokeInvitationAction(invitationId);
          if (result.ok) toast.success(t("team.revoked"));
          else toast.error(t(result.message));
        })
      }
    >
      {t("team.revoke")}
    </Button>
  );
}
