import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-brand-500">404</p>
      <h1 className="text-2xl font-semibold">{t("errors.notFoundTitle")}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">{t("errors.notFoundMessage")}</p>
      <Link
        href="/"
        className="rounded-full bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-500"
      >
        {t("common.goHome")}
      </Link>
    </main>
  );
}
