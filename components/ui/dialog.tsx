"use client";

import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, useRef } from "react";
import { cx } from "@/lib/core/join-classes";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A modal with focus trapped inside while open and returned on close, Escape to close, a
 * visible title and an optional description for screen readers. Radix returns focus to its
 * `DialogTrigger` only: a dialog opened by state (the lead form before a download, a confirm)
 * has none, and focus fell to the page's start, so the element focused when it opened is
 * remembered and focused again — a keyboard user is back on the button they pressed.
 */
export function DialogContent({
  title,
  description,
  closeLabel,
  hideClose,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  title: string;
  description?: string;
  /** Accessible name of the × button, in the user's language. */
  closeLabel: string;
  hideClose?: boolean;
  children: ReactNode;
}) {
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cx(
          "fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-ink-800",
          className,
        )}
        {...props}
        onOpenAutoFocus={(event) => {
          // Still the element outside: the dialog moves focus in after this.
          openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const back = openedFrom.current;
          openedFrom.current = null;
          if (event.defaultPrevented || !back?.isConnected || back === document.body) return;
          event.preventDefault();
          back.focus();
        }}
      >
        <DialogPrimitive.Title className="pr-10 text-lg font-semibold">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className="mt-4">{children}</div>
        {!hideClose && (
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="absolute top-2.5 right-2.5 inline-flex size-11 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
