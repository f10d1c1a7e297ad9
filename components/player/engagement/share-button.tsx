"use client";

import { ChevronDown, ExternalLink, Link as LinkIcon, Mail, MessageCircle, Share2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/public/lazy-toast";
import { engagementClient, type ShareChannel } from "@/components/player/engagement/api";
import { useEngagement } from "@/components/player/engagement/engagement-provider";
import { NETWORK_CHANNELS, shareHref, type NetworkChannel } from "@/components/player/engagement/share-links";
import { pillButton } from "@/components/player/engagement/styles";
import { cn } from "@/lib/utils";

const networkIcon: Record<NetworkChannel, typeof Mail> = {
  whatsapp: MessageCircle,
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

const itemClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-700";

/**
 * Share: the device's own share sheet where there is one (Web Share API), else copy the link;
 * a menu beside it offers copy link, WhatsApp, Facebook, X and e-mail. Each share records its
 * channel; a share sheet the fan cancels records nothing.
 */
export function ShareButton() {
  const t = useTranslations();
  const { target } = useEngagement();
  const [status, setStatus] = useState("");
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const page = { title: target.title, url: target.url };

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const record = (channel: ShareChannel) => void engagementClient.share(target.contentId, channel);

  const announce = (text: string) => {
    setStatus(text);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setStatus(""), 4000);
  };

  async function copyLink() {
    if (await copyText(target.url)) {
      announce(t("share.copied"));
      record("copy-link");
    } else {
      toast.error(t("engagement.share.copyFailed"));
    }
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share(page);
        record("native");
      } catch (error) {
        // AbortError: the fan closed the share sheet, nothing was shared.
        if (error instanceof DOMException && error.name === "AbortError") return;
        await copyLink();
      }
      return;
    }
    await copyLink();
  }

  return (
    <div className="flex items-center">
      <div className="inline-flex">
        <button type="button" onClick={share} className={cn(pillButton, "rounded-r-none border-r-0")}>
          <Share2 aria-hidden className="size-5" />
          {t("share.label")}
        </button>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label={t("engagement.share.more")}
            className={cn(pillButton, "rounded-l-none px-3")}
          >
            <ChevronDown aria-hidden className="size-4" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={6}
              className="z-50 min-w-52 rounded-xl border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-ink-800 dark:text-zinc-100"
            >
              <DropdownMenu.Label className="px-3 py-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">
                {t("engagement.share.menuTitle")}
              </DropdownMenu.Label>
              <DropdownMenu.Item className={itemClass} onSelect={() => void copyLink()}>
                <LinkIcon aria-hidden className="size-4" />
                {t("share.copyLink")}
              </DropdownMenu.Item>
              {NETWORK_CHANNELS.map((channel) => {
                const Icon = networkIcon[channel];
                return (
                  <DropdownMenu.Item
                    key={channel}
                    asChild
                    className={itemClass}
                    onSelect={() => record(channel)}
                  >
                    <a
                      href={shareHref(channel, page)}
                      target={channel === "email" ? undefined : "_blank"}
                      rel="noopener noreferrer"
                    >
                      <Icon aria-hidden className="size-4" />
                      {t(`engagement.share.${channel}`)}
                    </a>
                  </DropdownMenu.Item>
                );
              })}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <p role="status" aria-live="polite" className="ml-2 text-sm text-zinc-600 dark:text-zinc-400">
        {status}
      </p>
    </div>
  );
}
