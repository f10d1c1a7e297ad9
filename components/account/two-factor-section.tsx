"use client";

import { Download } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { PasswordInput } from "@/components/auth/password-input";
import { useFormAction } from "@/components/admin/use-form-action";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import {
  confirmTwoFactorAction,
  disableTwoFactorAction,
  regenerateRecoveryCodesAction,
  startTwoFactorAction,
} from "@/lib/features/account/actions";
import { recoveryCodesFile } from "@/lib/platform/auth/recovery-codes";

interface Setup {
  totpURI: string;
  secret: string;
  qrCode: string;
  backupCodes: string[];
}

/**
 * Two-factor authentication on the account page: off → password → scan the key and type a
 * first code → on, with the recovery codes shown once. When on: new recovery codes, or off.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const t = useTranslations("account.twoFactor");
  const router = useRouter();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (setup) {
    return (
      <ConfirmStep
        setup={setup}
        onDone={() => {
          setCodes(setup.backupCodes);
          setSetup(null);
          toast.success(t("enabled"));
          router.refresh();
        }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {t("status")}{" "}
        <strong data-testid="two-factor-status">{enabled ? t("statusOn") : t("statusOff")}</strong>
      </p>
      {codes && <RecoveryCodes codes={codes} />}
      {enabled ? (
        <EnabledActions onCodes={setCodes} onDisabled={() => router.refresh()} />
      ) : (
        <PasswordStep submitLabel={t("enable")} action={startTwoFactorAction} onSuccess={setSetup} />
      )}
    </div>
  );
}

type PasswordAction<T> = (input: {
  password: string;
}) => Promise<{ ok: true; data: T } | { ok: false; message: string; fieldErrors: Record<string, string> }>;

/** A password field and one button: every change to two-factor asks for the password. */
function PasswordStep<T>({
  submitLabel,
  action,
  onSuccess,
  variant = "primary",
}: {
  submitLabel: string;
  action: PasswordAction<T>;
  onSuccess: (data: T) => void;
  variant?: "primary" | "secondary" | "danger";
}) {
  const t = useTranslations();
  const [password, setPassword] = useState("");
  const { submitWith, pending, fieldError } = useFormAction(null, {
    onSuccess: (data: T) => {
      setPassword("");
      onSuccess(data);
    },
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submitWith(() => action({ password }));
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-3">
      <Field label={t("account.twoFactor.passwordLabel")} error={fieldError("password")}>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={pending}
        />
      </Field>
      <div>
        <Button type="submit" variant={variant} disabled={pending || !password}>
          {pending ? t("auth.actions.submitting") : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const t = useTranslations("account.twoFactor");
  const [code, setCode] = useState("");
  const { submitWith, pending, fieldError } = useFormAction(null, { onSuccess: onDone });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submitWith(() => confirmTwoFactorAction({ code }));
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <p className="text-sm">{t("scan")}</p>
      {/* A data: URL of a PNG made on the server from the otpauth:// key. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={setup.qrCode} alt={t("qrAlt")} width={220} height={220} className="rounded-lg bg-white" />
      <div className="text-sm">
        <p className="font-medium">{t("key")}</p>
        <code data-testid="totp-secret" className="mt-1 block font-mono break-all select-all">
          {setup.secret}
        </code>
      </div>
      <Field label={t("codeLabel")} error={fieldError("code")}>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={pending}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending || !code}>
          {t("verify")}
        </Button>
      </div>
    </form>
  );
}

/** Saves `text` as a file through a temporary object URL (no server round trip for secrets). */
function saveText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useTranslations("account.twoFactor");
  return (
    <div
      role="status"
      className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-semibold">{t("recoveryTitle")}</p>
      <p className="mt-1">{t("recoveryBody")}</p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <CopyButton value={codes.join("\n")} what={t("recoveryWhat")} />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() =>
            saveText(recoveryCodesFile(codes, t("recoveryFileHeading")), "afterglow-recovery-codes.txt")
          }
        >
          <Download aria-hidden className="size-4" />
          {t("recoveryDownload")}
        </Button>
      </div>
    </div>
  );
}

function EnabledActions({
  onCodes,
  onDisabled,
}: {
  onCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const t = useTranslations("account.twoFactor");
  const [mode, setMode] = useState<"regenerate" | "disable" | null>(null);
  if (mode === "regenerate") {
    return (
      <PasswordStep
        submitLabel={t("regenerate")}
        action={regenerateRecoveryCodesAction}
        onSuccess={(data) => {
          setMode(null);
          onCodes(data.backupCodes);
        }}
      />
    );
  }
  if (mode === "disable") {
    return (
      <PasswordStep
        submitLabel={t("disable")}
        variant="danger"
        action={disableTwoFactorAction}
        onSuccess={() => {
          setMode(null);
          toast.success(t("disabled"));
          onDisabled();
        }}
      />
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="secondary" onClick={() => setMode("regenerate")}>
        {t("regenerate")}
      </Button>
      <Button type="button" variant="secondary" onClick={() => setMode("disable")}>
        {t("disable")}
      </Button>
    </div>
  );
}
