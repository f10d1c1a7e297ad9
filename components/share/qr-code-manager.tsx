"use client";

import { Download, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useFormAction } from "@/components/admin/use-form-action";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createQrCodeAction, deleteQrCodeAction } from "@/lib/features/short-links/actions";
import type { QrCodeView } from "@/lib/features/short-links/qr-codes";
import { QR_LABEL_MAX, QR_PNG_SIZES, type QrItem } from "@/lib/features/short-links/schemas";

/**
 * Creates labelled QR codes and lists them with their downloads, scans and delete; without
 * `canCreate` (a plan without QR codes) only the list, so printed codes can still be managed.
 */
export function QrCodeManager({
  item,
  codes,
  canCreate,
}: {
  item: QrItem;
  codes: QrCodeView[];
  canCreate: boolean;
}) {
  const t = useTranslations("shortLinks.qr");
  const tAll = useTranslations();
  const router = useRouter();
  const [label, setLabel] = useState("");
  const { submitWith, pending, fieldError } = useFormAction<{ id: string }>(null, {
    successMessage: () => t("created"),
    onSuccess: () => {
      setLabel("");
      router.refresh();
    },
  });

  return (
    <div className="flex flex-col gap-4">
      {canCreate && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submitWith(() => createQrCodeAction(item, label));
          }}
        >
          <Field label={t("label")} hint={t("labelHint")} error={fieldError("label")}>
            <Input
              name="label"
              value={label}
              maxLength={QR_LABEL_MAX}
              autoComplete="off"
              disabled={pending}
              onChange={(event) => setLabel(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={pending}>
            <Plus aria-hidden className="size-4" />
            {pending ? t("adding") : t("add")}
          </Button>
        </form>
      )}
      {codes.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t("title")}>
          {codes.map((code) => (
            <li
              key={code.id}
              data-testid="qr-code"
              className="flex flex-col gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-700"
            >
              <div className="flex items-start gap-3">
                {/* eslint-disable-next-line @next/next/no-img-element -- an authenticated API image */}
                <img
                  src={`/api/admin/qr-codes/${code.id}?format=svg`}
                  alt={t("alt", { label: code.label, url: code.url })}
                  className="size-20 shrink-0 rounded bg-white p-1"
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-medium break-words">{code.label}</p>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="qr-scans">
                    {t("scans", { count: code.scans })}
                  </p>
                  <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{code.url}</p>
                </div>
              </div>
              <div
                role="group"
                aria-label={t("downloads", { label: code.label })}
                className="flex flex-wrap gap-2"
              >
                {QR_PNG_SIZES.map((size) => (
                  <Button key={size} asChild variant="secondary" size="sm">
                    <a href={`/api/admin/qr-codes/${code.id}?format=png&size=${size}&download=1`} download>
                      <Download aria-hidden className="size-4" />
                      {t("png", { size })}
                    </a>
                  </Button>
                ))}
                <Button asChild variant="secondary" size="sm">
                  <a href={`/api/admin/qr-codes/${code.id}?format=svg&download=1`} download>
                    <Download aria-hidden className="size-4" />
                    {t("svg")}
                  </a>
                </Button>
                <ConfirmButton
                  title={t("delete")}
                  message={t("deleteConfirm", { label: code.label })}
                  confirmLabel={t("delete")}
                  size="sm"
                  onConfirm={async () => {
                    const result = await deleteQrCodeAction(code.id);
                    if (!result.ok) {
                      toast.error(tAll(result.message, result.values));
                      return false;
                    }
                    toast.success(t("deleted"));
                    router.refresh();
                  }}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t("delete")}
                </ConfirmButton>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
