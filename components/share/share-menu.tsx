"use client";

import { ExternalLink, Link as LinkIcon, Mail, MessageCircle, Send, Share2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import type { ShareChannel } from "@/lib/platform/attribution/source";
import { NETWORK_CHANNELS, shareHref, taggedUrl, type NetworkChannel } from "@/components/share/share-links";
import { pillButton } from "@/components/ui/pill-styles";
import { toast } from "@/components/ui/lazy-toast";
import { useMenuKeys } from "@/components/share/use-menu-keys";

const networkIcon: Record<NetworkChannel, typeof Mail> = {
  whatsapp: MessageCircle,
  telegram: Send,
  facebook: ExternalLink,
  x: ExternalLink,
  email: Mail,
};

/** Copies with the Clipboard API, else with the older selection copy (plain-http pages lack the API). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** A phone or tablet with a share sheet: the Web Share API on a touch-first device. */
function hasShareSheet(): boolean {
  return typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches;
}

const noSubscription = () => () => {};

const itemClass =
  "flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left text-sm outline-none select-none hover:bg-zinc-100 focus:bg-zinc-100 dark:hover:bg-zinc-700 dark:focus:bg-zinc-700";

/**
 * Share a page: on a phone, the device's own share sheet (Web Share API); elsewhere a menu of
 * copy link, WhatsApp, Telegram, Facebook, X and e-mail (the WAI-ARIA menu button pattern:
 * arrows, Home/End, Enter, Escape, focus back on the button; `use-menu-keys.ts`). Every shared
 * address carries its channel (`?ch=`), and the text is in the fan's language. `onShare` hears
 * each completed share (a cancelled sheet is none).
 * A few lines of our own rather than a menu library: it is on every event and player page, and
 * Radix's dropdown with its positioning and focus machinery was 35 KB of each (issue #16).
 */
export function ShareMenu({
  url,
  title,
  onShare,
}: {
  url: string;
  title: string;
  onShare?: (channel: ShareChannel) => void;
}) {
  const t = useTranslations();
  // The server cannot know the device: it renders the menu, the phone swaps in its share sheet.
  const nativeSheet = useSyncExternalStore(noSubscription, hasShareSheet, () => false);
  const [status, setStatus] = useState("");
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const text = t("share.text", { title });
  const id = useId();
  const { open, close, rootRef, buttonRef, listRef, onButtonClick, onButtonKeyDown, onListKeyDown } =
    useMenuKeys();

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const announce = (message: string) => {
    setStatus(message);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setStatus(""), 4000);
  };

  async function copyLink() {
    if (await copyText(taggedUrl(url, "copy-link"))) {
      announce(t("share.copied"));
      onShare?.("copy-link");
    } else {
      toast.error(t("engagement.share.copyFailed"));
    }
  }

  async function shareSheet() {
    try {
      await navigator.share({ title, text, url: taggedUrl(url, "native") });
      onShare?.("native");
    } catch (error) {
      // AbortError: the fan closed the share sheet, nothing was shared.
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copyLink();
    }
  }

  const label = (
    <>
      <Share2 aria-hidden className="size-5" />
      {t("share.label")}
    </>
  );

  return (
    <div className="flex items-center">
      {nativeSheet ? (
        <button type="button" onClick={() => void shareSheet()} className={pillButton}>
          {label}
        </button>
      ) : (
        <div ref={rootRef} className="relative">
          <button
            ref={buttonRef}
            type="button"
            id={`${id}-button`}
            aria-haspopup="menu"
            aria-expanded={open}
            aria-controls={open ? `${id}-menu` : undefined}
            className={pillButton}
            onClick={onButtonClick}
            onKeyDown={onButtonKeyDown}
          >
            {label}
          </button>
          {open && (
            <div className="absolute top-full left-0 z-50 mt-1.5 min-w-52 rounded-xl border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-ink-800 dark:text-zinc-100">
              <p
                id={`${id}-title`}
                className="px-3 py-2 text-xs font-medium text-zinc-600 dark:text-zinc-300"
              >
                {t("engagement.share.menuTitle")}
              </p>
              <div
                ref={listRef}
                id={`${id}-menu`}
                role="menu"
                aria-labelledby={`${id}-title`}
                onKeyDown={onListKeyDown}
              >
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => {
                    close(true);
                    void copyLink();
                  }}
                >
                  <LinkIcon aria-hidden className="size-4" />
                  {t("share.copyLink")}
                </button>
                {NETWORK_CHANNELS.map((channel) => {
                  const Icon = networkIcon[channel];
                  return (
                    <a
                      key={channel}
                      role="menuitem"
                      tabIndex={-1}
                      className={itemClass}
                      href={shareHref(channel, { title, text, url })}
                      target={channel === "email" ? undefined : "_blank"}
                      rel="noopener noreferrer"
                      data-channel={channel}
                      onClick={() => {
                        close(true);
                        onShare?.(channel);
                      }}
                    >
                      <Icon aria-hidden className="size-4" />
                      {t(`engagement.share.${channel}`)}
                    </a>
                  );
                })}
              </div>
            </div>
          )}
        </div>
      )}
      <p role="status" aria-live="polite" className="ml-2 text-sm text-zinc-600 dark:text-zinc-400">
        {status}
      </p>
    </div>
  );
}
