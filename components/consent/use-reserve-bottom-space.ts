"use client";

import { useCallback } from "react";

/**
 * While a bar fixed to the bottom of the viewport shows (the cookie banner), the body gets as
 * much bottom padding as the bar covers, so the page's last controls (a sign-up or a
 * reset-password button) can always be scrolled clear of it (issue #18). A ref callback for the
 * bar; the padding goes when the bar unmounts.
 */
export function useReserveBottomSpace<T extends HTMLElement>(): (bar: T | null) => (() => void) | undefined {
  return useCallback((bar: T | null) => {
    if (!bar) return undefined;
    const reserve = () => {
      // From the layout, not getBoundingClientRect(): the bar slides in with a transform, and
      // its box on screen is still below the viewport when it mounts.
      const covered = bar.offsetHeight + (parseFloat(getComputedStyle(bar).bottom) || 0);
      document.body.style.paddingBottom = `${Math.max(0, Math.ceil(covered)) + 8}px`;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar);
    window.addEventListener("resize", reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", reserve);
      document.body.style.paddingBottom = "";
    };
  }, []);
}
