"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { authClient, clearLocalSettings } from "@/lib/platform/auth/client";

/**
 * Spec §2/§7: confirm, end the session on the server, "Logout realizado", go to /. If the
 * server cannot be reached, local data is cleared anyway and "Logout forçado" says so.
 */
export function LogoutButton() {
  const t = useTranslations();
  const router = useRouter();

  async function signOut() {
    let forced = false;
    try {
      const { error } = await authClient.signOut();
      forced = Boolean(error);
    } catch {
      forced = true;
    }
    clearLocalSettings();
    if (forced) {
      toast.error(t("auth.toasts.forcedSignOutTitle"), { description: t("auth.toasts.forcedSignOutBody") });
    } else {
      toast.success(t("auth.toasts.signOutTitle"), { description: t("auth.toasts.signOutBody") });
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <ConfirmButton
      title={t("admin.logout.title")}
      message={t("admin.logout.message")}
      confirmLabel={t("admin.logout.confirm")}
      cancelLabel={t("admin.logout.cancel")}
      closeLabel={t("common.close")}
      onConfirm={signOut}
      trigger={
        <button
          type="button"
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <LogOut aria-hidden className="size-4" />
          {t("admin.nav.logout")}
        </button>
      }
    />
  );
}
