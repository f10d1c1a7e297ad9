"use client";

import { ExternalLink } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { markLinkSharedAction } from "@/lib/features/dashboard/actions";

/**
 * The company's public page address with copy and open. A copy completes the checklist's
 * "share the link" step (only the first is recorded; later ones do not call the server).
 */
export function PublicLink({ url, shared }: { url: string; shared: boolean }) {
  const t = useTranslations("admin.dashboard");
  const router = useRouter();
  const [, start] = useTransition();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a
        href={url}
        target="_blank"
        rel="noopener"
        data-testid="dashboard-public-url"
        className="inline-flex min-w-0 items-center gap-1 font-mono text-sm break-all text-brand-700 hover:underline dark:text-brand-400"
      >
        {url}
        <ExternalLink aria-hidden className="size-4 shrink-0" />
        <span className="sr-only">{t("opensInNewTab")}</span>
      </a>
      <CopyButton
        value={url}
        what={t("publicLinkWhat")}
        onCopied={() => {
          if (shared) return;
          start(async () => {
            const result = await markLinkSharedAction();
            if (result.ok) router.refresh();
          });
        }}
      />
    </div>
  );
}
