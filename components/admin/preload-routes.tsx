"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { adminNavItems } from "@/components/admin/nav-items";

/** Spec §2: Dashboard, Content and Events are preloaded once the browser is idle. */
const IDLE_TIMEOUT_MS = 1_500;
const FALLBACK_DELAY_MS = 600;

export function PreloadRoutes() {
  const router = useRouter();
  useEffect(() => {
    const preload = () => {
      for (const item of adminNavItems) if (item.idle) router.prefetch(item.href);
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(preload, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [router]);
  return null;
}
