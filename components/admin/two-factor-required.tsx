import { ShieldCheck } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

/**
 * Instead of the admin area, for a member whose company requires two-factor authentication of
 * their role and who has not turned it on: why (`messageKey`, from the guard) and the way to
 * the account page's two-factor section.
 */
export async function TwoFactorRequired({ messageKey }: { messageKey: string }) {
  const [t, tRoot] = await Promise.all([getTranslations("account.twoFactor"), getTranslations()]);
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 px-6 py-12">
      <div className="flex items-center gap-3 text-brand-600">
        <ShieldCheck aria-hidden className="size-8" />
        <h1 className="text-2xl font-semibold text-zinc-900 dark:text-zinc-100">{t("requiredTitle")}</h1>
      </div>
      <p role="alert" className="text-lg">
        {tRoot(messageKey)}
      </p>
      <Link
        href="/account#two-factor"
        className="self-start rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {t("requiredAction")}
      </Link>
    </main>
  );
}
