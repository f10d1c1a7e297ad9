"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

export default function ServerError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-2xl font-semibold">{t("errors.serverErrorTitle")}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">{t("errors.serverErrorMessage")}</p>
      <button
        type="button"
        onClick={reset}
        className="rounded-full bg-orange-700 px-5 py-2.5 font-medium text-white hover:bg-orange-800"
      >
        {t("common.tryAgain")}
      </button>
    </main>
  );
}
