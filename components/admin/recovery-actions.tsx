"use client";

import { Home, RefreshCw, RotateCw } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";

/** Reload data / reload the page / go home: the admin shell's way out of an error (spec §4). */
export function RecoveryActions({ onReloadData }: { onReloadData?: () => void }) {
  const t = useTranslations("admin.accessDenied");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        type="button"
        disabled={pending}
        onClick={() =>
          startTransition(() => {
            onReloadData?.();
            router.refresh();
          })
        }
      >
        <RefreshCw aria-hidden className="size-4" />
        {t("reloadData")}
      </Button>
      <Button type="button" variant="secondary" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden className="size-4" />
        {t("reloadPage")}
      </Button>
      <Button asChild variant="ghost">
        <Link href="/">
          <Home aria-hidden className="size-4" />
          {t("goHome")}
        </Link>
      </Button>
    </div>
  );
}
