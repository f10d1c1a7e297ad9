"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button, type ButtonProps } from "@/components/ui/button";
import { createCheckoutAction, createPortalAction, startTrialAction } from "@/lib/features/billing/actions";
import type { ActionResult } from "@/lib/core/errors";

type Kind =
  { action: "trial" } | { action: "checkout"; tier: "professional" | "enterprise" } | { action: "portal" };

/**
 * One button per billing action (spec §7). Checkout and portal open in a new tab, as the spec
 * asks: the tab is opened at the click (so no pop-up blocker stops it) and sent to Stripe's
 * URL when the server answers, or closed with the error toast when it refuses.
 */
export function BillingButton({
  kind,
  children,
  ...props
}: { kind: Kind } & Omit<ButtonProps, "onClick" | "kind">) {
  const t = useTranslations();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function refused(result: Extract<ActionResult<unknown>, { ok: false }>) {
    toast.error(t(result.message, result.values));
  }

  function onClick() {
    if (kind.action === "trial") {
      startTransition(async () => {
        const result = await startTrialAction();
        if (!result.ok) return refused(result);
        toast.success(t("billing.trialStarted"));
        router.refresh();
      });
      return;
    }
    const tab = window.open("", "_blank");
    startTransition(async () => {
      const result =
        kind.action === "checkout" ? await createCheckoutAction(kind.tier) : await createPortalAction();
      if (!result.ok) {
        tab?.close();
        return refused(result);
      }
      if (!tab) {
        toast.error(t("billing.popupBlocked"));
        return;
      }
      tab.opener = null;
      tab.location.href = result.data.url;
    });
  }

  return (
    <Button type="button" onClick={onClick} disabled={pending || props.disabled} {...props}>
      {pending && kind.action !== "trial" ? t("billing.opening") : children}
    </Button>
  );
}
