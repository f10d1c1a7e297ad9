"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A secret shown once, right after it was made (a webhook's signing secret, an API key): only
 * its hash or ciphertext is stored, so this is the organiser's one chance to copy it.
 */
export function SecretOnce({
  secret,
  title,
  what,
  testId,
  onDone,
}: {
  secret: string;
  title: string;
  /** What the copy button copies ("signing secret"), for its label and toast. */
  what: string;
  testId: string;
  onDone: () => void;
}) {
  const t = useTranslations("settings.integrations");
  return (
    <div
      role="status"
      data-testid={testId}
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{t("secretOnce")}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono break-all">{secret}</code>
        <CopyButton value={secret} what={what} />
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t("secretDone")}
        </Button>
      </div>
    </div>
  );
}
