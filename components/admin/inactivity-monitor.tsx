"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { authClient, clearLocalSettings } from "@/lib/platform/auth/client";
import {
  ACTIVITY_WRITE_INTERVAL_MS,
  IDLE_WARNING_BEFORE_MS,
  IDLE_WARNING_TOAST_MS,
  SIGN_OUT_REASON_HEADER,
} from "@/lib/platform/auth/policy";
import { signInPath } from "@/lib/platform/auth/redirects";

/** Shared by the tabs of this browser, so activity in one keeps the others signed in too. */
const LAST_ACTIVITY_KEY = "afterglow.lastActivity";
const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "scroll", "touchstart"] as const;
/** Activity closer together than this only counts once (pointermove fires constantly). */
const ACTIVITY_THROTTLE_MS = 1_000;

function storedActivity(): number {
  try {
    return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * Spec §4: after (timeout − 5) minutes without activity a 10-second warning; at the timeout
 * "Session expired due to inactivity" and sign-out. Activity resets both, and now and then
 * tells the server, whose own idle timeout (the same minutes) would otherwise end the session.
 */
export function InactivityMonitor({ idleMinutes }: { idleMinutes: number }) {
  const t = useTranslations("session");
  const router = useRouter();
  const pathname = usePathname();
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const idleMs = idleMinutes * 60_000;
    const warnAfterMs = Math.max(0, idleMs - IDLE_WARNING_BEFORE_MS);
    let lastActivity = Date.now();
    let lastPing = Date.now();
    let warnTimer: ReturnType<typeof setTimeout> | undefined;
    let expireTimer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;

    const schedule = () => {
      clearTimeout(warnTimer);
      clearTimeout(expireTimer);
      const elapsed = Date.now() - lastActivity;
      warnTimer = setTimeout(warn, Math.max(0, warnAfterMs - elapsed));
      expireTimer = setTimeout(expire, Math.max(0, idleMs - elapsed));
    };

    const warn = () => {
      const minutes = Math.round((idleMs - warnAfterMs) / 60_000);
      toast.warning(t("warningTitle", { minutes }), {
        id: "session-idle-warning",
        description: t("warningBody"),
        duration: IDLE_WARNING_TOAST_MS,
      });
    };

    const expire = async () => {
      // Another tab may have seen activity meanwhile: then this one is not idle either.
      const shared = storedActivity();
      if (shared > lastActivity) {
        lastActivity = shared;
        schedule();
        return;
      }
      ended = true;
      toast.dismiss("session-idle-warning");
      toast.error(t("expired"), { id: "session-expired", description: t("expiredBody"), duration: 10_000 });
      await authClient.signOut({ [SIGN_OUT_REASON_HEADER]: "inactivity" });
      clearLocalSettings();
      router.replace(signInPath(pathRef.current));
      router.refresh();
    };

    const onActivity = () => {
      if (ended) return;
      const now = Date.now();
      if (now - lastActivity < ACTIVITY_THROTTLE_MS) return;
      lastActivity = now;
      toast.dismiss("session-idle-warning");
      schedule();
      try {
        localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
      } catch {
        // storage disabled: this tab still keeps its own time
      }
      // A cheap authenticated request moves the server's lastActiveAt (written once a minute).
      if (now - lastPing >= ACTIVITY_WRITE_INTERVAL_MS) {
        lastPing = now;
        void authClient.getSession();
      }
    };

    const onStorage = (event: StorageEvent) => {
      if (event.key !== LAST_ACTIVITY_KEY || ended) return;
      const shared = Number(event.newValue) || 0;
      if (shared > lastActivity) {
        lastActivity = shared;
        toast.dismiss("session-idle-warning");
        schedule();
      }
    };

    schedule();
    // The page's client code is live (tests wait for this before moving a fake clock).
    document.documentElement.dataset.hydrated = "true";
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener("storage", onStorage);
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(expireTimer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener("storage", onStorage);
    };
  }, [idleMinutes, router, t]);

  return null;
}
