import type { toast as sonnerToast } from "sonner";

type Toast = typeof sonnerToast;

/**
 * `toast` for the public pages' islands: the same calls as sonner's, but the library loads with
 * the first message instead of with every page (issue #16's page weight; the `<Toaster>` is
 * deferred the same way in the root layout). A message is shown once the chunk has arrived.
 */
function lazy<K extends "success" | "error" | "warning" | "info" | "message">(kind: K): Toast[K] {
  return ((...args: Parameters<Toast[K]>) => {
    void import("sonner").then(({ toast }) =>
      (toast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args),
    );
  }) as Toast[K];
}

export const toast = {
  success: lazy("success"),
  error: lazy("error"),
  warning: lazy("warning"),
  info: lazy("info"),
  message: lazy("message"),
};
