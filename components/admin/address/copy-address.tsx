"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * An address with its copy button. The result is announced in a polite live region (the
 * button's name stays "Copy …", so a screen-reader user hears what happened once).
 */
export function CopyAddress({ label, address }: { label: string; address: string }) {
  const t = useTranslations("settings.address");
  const [announcement, setAnnouncement] = useState("");
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      setAnnouncement(t("copied", { address }));
    } catch {
      setCopied(false);
      setAnnouncement(t("copyFailed"));
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</p>
        <p className="font-mono text-sm break-all text-zinc-900 dark:text-zinc-100">{address}</p>
      </div>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={copy}
        onBlur={() => setCopied(false)}
        aria-label={t("copyLabel", { address })}
      >
        {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
        {t("copy")}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
