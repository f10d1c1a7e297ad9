"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { acceptInvitationAction } from "@/lib/features/team/actions";

export function AcceptInvitationButton({ token }: { token: string }) {
  const t = useTranslations();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex flex-col gap-3">
      <Button
        type="button"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            // On success the action redirects to the dashboard.
            const result = await acceptInvitationAction(token);
            if (result && !result.ok) setError(t(result.message));
          })
        }
      >
        {pending ? t("auth.actions.submitting") : t("team.invite.accept")}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
