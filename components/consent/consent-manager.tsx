"use client";

import { Cookie, X } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useReserveBottomSpace } from "@/components/consent/use-reserve-bottom-space";
import {
  ACCEPT_ALL,
  appendAudit,
  BANNER_DELAY_MS,
  consentModeSignals,
  DECLINE,
  decisionOf,
  makeConsent,
  OPEN_SETTINGS_EVENT,
  parseConsent,
  STATUS_CARD_MS,
  STORAGE_KEYS,
  type ConsentPreferences,
  type ConsentRecord,
} from "@/lib/surfaces/public-site/consent";

// The dialog (and its Radix code) loads only when someone opens the settings.
const ConsentSettingsDialog = dynamic(
  () => import("@/components/consent/consent-settings-dialog").then((m) => m.ConsentSettingsDialog),
  { ssr: false },
);

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Consent-mode signals for the analytics tag, only when one is configured (spec §4). The tag
 * itself is loaded once analytics are allowed; until then nothing is sent anywhere.
 */
function updateAnalytics(tagId: string | null, preferences: ConsentPreferences, isUpdate: boolean): void {
  if (!tagId) return;
  if (!window.gtag) {
    if (!preferences.analytics) return;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("consent", "default", consentModeSignals(DECLINE));
    window.gtag("js", new Date());
    window.gtag("config", tagId);
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
    document.head.appendChild(script);
  }
  window.gtag("consent", isUpdate ? "update" : "default", consentModeSignals(preferences));
}

/**
 * The cookie banner, the settings dialog and the status card (spec §2, §4): the banner shows
 * 2 s after load when there is no decision and it was not closed before; a decision lasts
 * 365 days; the status card shows once a decision exists and hides after 3 s.
 */
export function ConsentManager({ analyticsTagId }: { analyticsTagId: string | null }) {
  const t = useTranslations("consent");
  const [consent, setConsent] = useState<ConsentRecord | null>(null);
  const [bannerOpen, setBannerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [statusVisible, setStatusVisible] = useState(false);
  const bannerRef = useReserveBottomSpace<HTMLElement>();

  const showStatus = useCallback(() => {
    setStatusVisible(true);
    window.setTimeout(() => setStatusVisible(false), STATUS_CARD_MS);
  }, []);

  useEffect(() => {
    const now = new Date();
    const stored = parseConsent(read(STORAGE_KEYS.consent), now);
    let timer: number | undefined;
    if (stored) {
      // Reading local storage after hydration: the server cannot know it.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setConsent(stored);
      updateAnalytics(analyticsTagId, stored.preferences, false);
      try {
        if (!sessionStorage.getItem(STORAGE_KEYS.statusShown)) {
          sessionStorage.setItem(STORAGE_KEYS.statusShown, "1");
          showStatus();
        }
      } catch {
        // no session storage: skip the reminder
      }
    } else {
      if (read(STORAGE_KEYS.consent) !== null) {
        // Expired, or an older version: ask again.
        write(STORAGE_KEYS.consent, null);
        write(STORAGE_KEYS.bannerSeen, null);
      }
      if (read(STORAGE_KEYS.bannerSeen) !== "true") {
        timer = window.setTimeout(() => setBannerOpen(true), BANNER_DELAY_MS);
      }
    }
    const open = () => setSettingsOpen(true);
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener(OPEN_SETTINGS_EVENT, open);
    };
  }, [analyticsTagId, showStatus]);

  const save = useCallback(
    (preferences: ConsentPreferences) => {
      const now = new Date();
      const record = makeConsent(preferences, decisionOf(preferences), now);
      write(STORAGE_KEYS.consent, JSON.stringify(record));
      write(STORAGE_KEYS.bannerSeen, "true");
      let log: unknown = [];
      try {
        log = JSON.parse(read(STORAGE_KEYS.audit) ?? "[]");
      } catch {
        log = [];
      }
      const audit = appendAudit(log, {
        time: now.toISOString(),
        preferences: record.preferences,
        userAgent: navigator.userAgent,
        url: window.location.href,
      });
      write(STORAGE_KEYS.audit, JSON.stringify(audit));
      updateAnalytics(analyticsTagId, record.preferences, true);
      setConsent(record);
      setBannerOpen(false);
      setSettingsOpen(false);
      try {
        sessionStorage.setItem(STORAGE_KEYS.statusShown, "1");
      } catch {
        // no session storage
      }
      showStatus();
    },
    [analyticsTagId, showStatus],
  );

  const close = () => {
    write(STORAGE_KEYS.bannerSeen, "true");
    setBannerOpen(false);
  };

  return (
    <>
      {bannerOpen && (
        <section
          ref={bannerRef}
          role="region"
          aria-labelledby="cookie-banner-title"
          className="animate-slide-up-in fixed inset-x-2 bottom-2 z-40 mx-auto max-w-3xl rounded-2xl border border-zinc-200 bg-white p-4 shadow-2xl sm:inset-x-6 sm:bottom-4 sm:p-5 dark:border-zinc-700 dark:bg-ink-800"
        >
          <button
            type="button"
            onClick={close}
            aria-label={t("close")}
            className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
          >
            <X aria-hidden className="size-5" />
          </button>
          <h2 id="cookie-banner-title" className="flex items-center gap-2 pr-10 font-semibold">
            <Cookie aria-hidden className="size-5 text-brand-600" />
            {t("bannerTitle")}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
            {t("bannerText")}{" "}
            <Link
              href="/cookies"
              prefetch={false}
              className="underline underline-offset-2 hover:text-brand-600"
            >
              {t("learnMore")}
            </Link>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="brand" onClick={() => save(ACCEPT_ALL)}>
              {t("acceptAll")}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => save(DECLINE)}>
              {t("decline")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSettingsOpen(true)}>
              {t("settings")}
            </Button>
          </div>
        </section>
      )}

      {settingsOpen && (
        <ConsentSettingsDialog
          initial={consent?.preferences ?? DECLINE}
          onSave={save}
          onOpenChange={(open) => setSettingsOpen(open)}
        />
      )}

      {statusVisible && consent && (
        <div
          role="status"
          className="fixed bottom-3 left-3 z-40 flex max-w-xs items-center gap-3 rounded-xl border border-zinc-200 bg-white px-4 py-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-ink-800"
        >
          <Cookie aria-hidden className="size-5 shrink-0 text-brand-600" />
          <span>
            {t(`status.${consent.decision}`)}{" "}
            <button
              type="button"
              onClick={() => setSettingsOpen(true)}
              className="font-medium underline underline-offset-2 hover:text-brand-600"
            >
              {t("change")}
            </button>
          </span>
        </div>
      )}
    </>
  );
}
