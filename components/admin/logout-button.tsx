"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { authClient, clearLocalSettings } from "@/lib/auth/client";

/**
 * Spec §2/§7: confirm, end the session on the server, "Logout realizado", go to /. If the
 * server cannot be reached, local data is cleared anyway and "Logout forçado" says so.
 */
export function LogoutButton() {
  const t = useTranslations();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    let forced = false;
    try {
      const { error } = await authClient.signOut();
      forced = Boolean(error);
    } catch {
      forced = true;
    }
    clearLocalSettings();
    setOpen(false);
    if (forced) {
      toast.error(t("auth.toasts.forcedSignOutTitle"), { description: t("auth.toasts.forcedSignOutBody") });
    } else {
      toast.success(t("auth.toasts.signOutTitle"), { description: t("auth.toasts.signOutBody") });
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <Dialog open={open} onOpenChange={(value) => !pending && setOpen(value)}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <LogOut aria-hidden className="size-4" />
          {t("admin.nav.logout")}
        </button>
      </DialogTrigger>
      <DialogContent
        title={t("admin.logout.title")}
        description={t("admin.logout.message")}
        closeLabel={t("common.close")}
      >
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button type="button" variant="secondary" disabled={pending}>
              {t("admin.logout.cancel")}
            </Button>
          </DialogClose>
          <Button type="button" variant="danger" onClick={signOut} disabled={pending}>
            {t("admin.logout.confirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
