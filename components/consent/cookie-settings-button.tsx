"use client";

import type { ReactNode } from "react";
import { OPEN_SETTINGS_EVENT } from "@/lib/surfaces/public-site/consent";

/** Opens the cookie settings dialog from anywhere (footer, /cookies page). */
export function CookieSettingsButton({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT))}
    >
      {children}
    </button>
  );
}
