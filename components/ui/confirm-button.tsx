"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition, type ReactElement, type ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "@/components/ui/dialog";

/**
 * A button that asks for confirmation in a dialog before running `onConfirm` (every
 * destructive action of the admin: delete, archive, sign out…). The dialog cannot be closed
 * while `onConfirm` runs; it closes afterwards unless `onConfirm` resolves to `false`.
 */
export function ConfirmButton({
  title,
  message,
  confirmLabel,
  cancelLabel,
  closeLabel,
  onConfirm,
  children,
  trigger,
  variant = "danger",
  size,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  /** Defaults to the shared "Cancel". */
  cancelLabel?: string;
  /** The dialog's close button's accessible name; defaults to the shared "Close". */
  closeLabel?: string;
  onConfirm: () => Promise<boolean | void>;
  /** The content of the default trigger button. */
  children?: ReactNode;
  /** A trigger of its own (a menu entry, say) instead of a `Button`; must accept a ref and onClick. */
  trigger?: ReactElement;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  const t = useTranslations("content");
  const [open, setOpen] = useState(false);
  const [pending, start] = useTransition();
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button type="button" variant={variant} size={size}>
            {children}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent title={title} description={message} closeLabel={closeLabel ?? t("close")}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="secondary" disabled={pending}>
              {cancelLabel ?? t("cancel")}
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="danger"
            disabled={pending}
            onClick={() =>
              start(async () => {
                const keepOpen = (await onConfirm()) === false;
                if (!keepOpen) setOpen(false);
              })
            }
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
