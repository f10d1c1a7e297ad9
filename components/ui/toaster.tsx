"use client";

import { Toaster as Sonner } from "sonner";

/** App-wide toasts (spec §8); rendered once in the root layout. */
export function Toaster() {
  return <Sonner position="top-center" richColors closeButton theme="system" />;
}
