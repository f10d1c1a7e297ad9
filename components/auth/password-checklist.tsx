"use client";

import { Check, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { passwordMessageValues, passwordRules } from "@/lib/platform/auth/password-rules";
import { cx } from "@/lib/core/join-classes";

/**
 * The spec's password messages, live: each rule turns green as the password meets it.
 * Announced politely to screen readers; the state is spoken ("Done"/"Missing"), not only coloured.
 */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const t = useTranslations();
  return (
    <div id={id} className="rounded-lg bg-zinc-50 p-3 text-sm dark:bg-ink-900">
      <p className="font-medium text-zinc-700 dark:text-zinc-300">{t("auth.password.rulesTitle")}</p>
      <ul className="mt-2 space-y-1" aria-live="polite">
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              data-rule={rule.id}
              data-met={met}
              className={cx(
                "flex items-start gap-2",
                met ? "text-green-700 dark:text-green-400" : "text-zinc-600 dark:text-zinc-400",
              )}
            >
              {met ? (
                <Check aria-hidden className="mt-0.5 size-4 shrink-0" />
              ) : (
                <X aria-hidden className="mt-0.5 size-4 shrink-0" />
              )}
              <span>
                <span className="sr-only">
                  {met ? t("auth.password.ruleMet") : t("auth.password.ruleUnmet")}:{" "}
                </span>
                {t(rule.message, passwordMessageValues)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
