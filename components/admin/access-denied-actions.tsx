"use client";

import { LogIn, LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { authClient, clearLocalSettings } from "@/lib/platform/auth/client";

/**
 * The ways out for someone signed in with an account that may not enter (issue #18): sign
 * out (to the home), or switch account (sign out, then the sign-in page). A full navigation
 * rather than a client transition, so no page of the old session stays in the router cache.
 */
export function AccessDeniedActions() {
  const t = useTranslations("admin.accessDenied");
  const [pending, setPending] = useState(false);

  async function signOut(to: string) {
    setPending(true);
    try {
      await authClient.signOut();
    } catch {
      // The server could not be reached: local data is cleared and the next page asks again.
    }
    clearLocalSettings();
    window.location.assign(to);
  }

  return (
    <div className="flex flex-wrap gap-3">
      <Button type="button" disabled={pending} onClick={() => signOut("/auth")}>
        <LogIn aria-hidden className="size-4" />
        {t("switchAccount")}
      </Button>
      <Button type="button" variant="secondary" disabled={pending} onClick={() => signOut("/")}>
        <LogOut aria-hidden className="size-4" />
        {t("signOut")}
      </Button>
    </div>
  );
}
