"use client";

import { AlertTriangle } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { RecoveryActions } from "@/components/admin/recovery-actions";
import { authClient } from "@/lib/platform/auth/client";
import { signInPath } from "@/lib/platform/auth/redirects";

/**
 * Spec §4/§8 error state ("Erro no Sistema"). A page that failed because the session ended
 * meanwhile (its own guard refused it) sends the user to sign in instead.
 */
export default function AdminError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations("admin.error");
  const router = useRouter();
  const pathname = usePathname();

  useEffect(() => {
    console.error(error);
    let cancelled = false;
    // Only a server that answers "no session" sends the user away (not one out of reach).
    void authClient.getSession().then(({ data, error }) => {
      if (!cancelled && error === null && data === null) router.replace(signInPath(pathname));
    });
    return () => {
      cancelled = true;
    };
  }, [error, pathname, router]);

  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col gap-4 py-12">
      <div className="flex items-center gap-3 text-red-600 dark:text-red-400">
        <AlertTriangle aria-hidden className="size-7" />
        <h1 className="text-2xl font-semibold text-zinc-900 dark:text-zinc-100">{t("title")}</h1>
      </div>
      <p>{t("message")}</p>
      <RecoveryActions onReloadData={reset} />
    </div>
  );
}
