"use client";

import dynamic from "next/dynamic";

// The toast area (sonner) loads after the page has hydrated rather than with its first
// scripts: no page needs a toast before a visitor has done something (issue #16).
const Toaster = dynamic(() => import("@/components/ui/toaster").then((m) => m.Toaster), { ssr: false });

export function DeferredToaster() {
  return <Toaster />;
}
