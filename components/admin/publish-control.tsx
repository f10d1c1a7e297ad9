"use client";

import { Archive, Ban, Eye, EyeOff } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { setContentStatusAction } from "@/lib/features/content/actions";
import { setEventStatusAction } from "@/lib/features/events/actions";

type Target =
  | { kind: "event"; id: string; status: "draft" | "published" | "cancelled" }
  | { kind: "content"; id: string; status: "draft" | "published" | "archived" };
type Status = Target["status"];

/**
 * The one publishing control of the admin (issue #18): events and contents are published,
 * unpublished and put aside (an event is cancelled, a content archived) with the same words,
 * the same confirmation whenever fans would lose access, and the same feedback.
 */
export function PublishControl({ target, title }: { target: Target; title: string }) {
  const t = useTranslations("publishControl");
  const tAll = useTranslations();
  const router = useRouter();
  const [pending, start] = useTransition();
  const setAside = target.kind === "event" ? "cancelled" : "archived";

  const change = async (next: Status): Promise<boolean> => {
    const result =
      target.kind === "event"
        ? await setEventStatusAction(target.id, next as typeof target.status)
        : await setContentStatusAction(target.id, next as typeof target.status);
    if (!result.ok) {
      toast.error(tAll(result.message, result.values));
      return false;
    }
    toast.success(t(`done.${next}`));
    router.refresh();
    return true;
  };

  const published = target.status === "published";
  const AsideIcon = setAside === "cancelled" ? Ban : Archive;
  const asideLabel = t(setAside === "cancelled" ? "cancel" : "archive");

  return (
    <div
      role="group"
      aria-label={t("label")}
      data-testid="publish-control"
      data-status={target.status}
      className="flex flex-wrap gap-2"
    >
      {!published && (
        <Button
          type="button"
          disabled={pending}
          onClick={() => start(async () => void (await change("published")))}
        >
          <Eye aria-hidden className="size-4" />
          {t("publish")}
        </Button>
      )}
      {published && (
        <ConfirmButton
          variant="secondary"
          title={t("confirmTitle", { title })}
          message={t("confirmMessage")}
          confirmLabel={t("unpublish")}
          onConfirm={() => change("draft")}
        >
          <EyeOff aria-hidden className="size-4" />
          {t("unpublish")}
        </ConfirmButton>
      )}
      {target.status !== setAside &&
        (published ? (
          <ConfirmButton
            variant="secondary"
            title={t("confirmTitle", { title })}
            message={t("confirmMessage")}
            confirmLabel={asideLabel}
            onConfirm={() => change(setAside)}
          >
            <AsideIcon aria-hidden className="size-4" />
            {asideLabel}
          </ConfirmButton>
        ) : (
          <Button
            type="button"
            variant="secondary"
            disabled={pending}
            onClick={() => start(async () => void (await change(setAside)))}
          >
            <AsideIcon aria-hidden className="size-4" />
            {asideLabel}
          </Button>
        ))}
    </div>
  );
}
