"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Copies `value` to the clipboard. The button's name says what it copies ("Copy {what}") and
 * the result is announced once in a polite live region, so a screen-reader user hears what
 * happened without the button's name changing under them.
 */
export function CopyButton({
  value,
  what,
  variant = "secondary",
  onCopied,
}: {
  value: string;
  /** What is copied, as the user reads it (the address, "CNAME value"…). */
  what: string;
  variant?: "secondary" | "ghost";
  /** Called once the value is on the clipboard (the dashboard counts the link as shared). */
  onCopied?: () => void;
}) {
  const t = useTranslations("common");
  const [announcement, setAnnouncement] = useState("");
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setAnnouncement(t("copied", { what }));
      onCopied?.();
    } catch {
      setCopied(false);
      setAnnouncement(t("copyFailed"));
    }
  }

  return (
    <>
      <Button
        type="button"
        variant={variant}
        size="sm"
        onClick={copy}
        onBlur={() => setCopied(false)}
        aria-label={t("copyLabel", { what })}
      >
        {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
        {t("copy")}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
