"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { staleMetadataTags } from "./stale-metadata";

/**
 * Removes the previous page's orphaned metadata after each client-side navigation (see
 * ./stale-metadata.ts). Not on the first page: its tags wait for React to adopt them.
 * The new page's own tags may commit a moment after its content, so `head` is watched until then.
 */
export function StaleMetadataCleaner() {
  const pathname = usePathname();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    const sweep = () => staleMetadataTags(document.head).forEach((node) => node.remove());
    sweep();
    const observer = new MutationObserver(sweep);
    observer.observe(document.head, { childList: true });
    const stop = window.setTimeout(() => observer.disconnect(), 5_000);
    return () => {
      window.clearTimeout(stop);
      observer.disconnect();
    };
  }, [pathname]);
  return null;
}
