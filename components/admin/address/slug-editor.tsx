"use client";

import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { changeCompanySlugAction, checkCompanySlugAction } from "@/lib/features/company/actions";
import { companySlugProblem } from "@/lib/platform/site/slug";

type Availability = "available" | "current" | "taken" | "held" | "reserved" | "invalid";
type Status = Availability | "checking";

/** Wait after the last keystroke before asking the server (the check is rate-limited). */
const DEBOUNCE_MS = 350;

/**
 * Settings → Address: the slug with its live availability (shape and reserved words checked
 * here, who has it asked of the server as the admin types), then a confirmation that explains
 * the redirect and the 90-day hold.
 */
export function SlugEditor({
  currentSlug,
  patterns,
}: {
  currentSlug: string;
  patterns: { path: [string, string]; subdomain: [string, string] };
}) {
  const t = useTranslations("settings.address");
  const tAll = useTranslations();
  const router = useRouter();
  const [value, setValue] = useState(currentSlug);
  const [checked, setChecked] = useState<{ slug: string; status: Availability } | null>(null);
  const [error, setError] = useState<string | undefined>();

  const slug = value.trim().toLowerCase();
  const local: Availability | null = slug === currentSlug ? "current" : companySlugProblem(slug);
  const status: Status = local ?? (checked?.slug === slug ? checked.status : "checking");

  useEffect(() => {
    if (local) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const result = await checkCompanySlugAction(slug);
      if (cancelled) return;
      if (result.ok) {
        setChecked({ slug, status: result.data });
        setError(undefined);
      } else {
        setError(tAll(result.message, result.values));
      }
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [slug, local, tAll]);

  async function confirm(): Promise<boolean> {
    const result = await changeCompanySlugAction({ slug });
    if (!result.ok) {
      const message = tAll(result.message, result.values);
      setError(message);
      toast.error(message);
      return true;
    }
    toast.success(t("changed", { slug: result.data.slug }));
    setError(undefined);
    router.refresh();
    return true;
  }

  const available = status === "available";
  return (
    <div className="flex flex-col gap-4">
      <Field label={t("slugLabel")} hint={t("slugHint")} error={error}>
        <Input
          name="slug"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          className="max-w-md font-mono"
        />
      </Field>
      <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm">
        <StatusText status={status} label={t(`availability.${status}`)} />
      </p>
      {available && (
        <p className="text-sm break-all text-zinc-600 dark:text-zinc-400">
          {t("preview", {
            path: `${patterns.path[0]}${slug}${patterns.path[1]}`,
            subdomain: `${patterns.subdomain[0]}${slug}${patterns.subdomain[1]}`,
          })}
        </p>
      )}
      <div>
        <ConfirmButton
          title={t("confirmTitle")}
          message={t("confirmMessage", { old: currentSlug, new: slug })}
          confirmLabel={t("confirm")}
          onConfirm={confirm}
          trigger={
            <Button type="button" disabled={!available}>
              {t("change")}
            </Button>
          }
        />
      </div>
    </div>
  );
}

function StatusText({ status, label }: { status: Status; label: string }) {
  if (status === "checking") {
    return (
      <>
        <Loader2 aria-hidden className="size-4 animate-spin text-zinc-500" />
        <span className="text-zinc-700 dark:text-zinc-300">{label}</span>
      </>
    );
  }
  if (status === "available" || status === "current") {
    return (
      <>
        <CheckCircle2 aria-hidden className="size-4 text-green-700 dark:text-green-400" />
        <span className="text-green-800 dark:text-green-300">{label}</span>
      </>
    );
  }
  return (
    <>
      <XCircle aria-hidden className="size-4 text-red-700 dark:text-red-400" />
      <span className="text-red-700 dark:text-red-300">{label}</span>
    </>
  );
}
