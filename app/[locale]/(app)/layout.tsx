import { NextIntlClientProvider } from "next-intl";
import { setRequestLocale } from "next-intl/server";

/**
 * The signed-in application (admin, auth, onboarding, invitations) has many client
 * components: it gets all messages, while public pages send the browser only theirs.
 */
export default async function AppAreaLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  // Layouts render in parallel: the root layout's setRequestLocale may not have run yet.
  setRequestLocale(locale);
  return <NextIntlClientProvider locale={locale}>{children}</NextIntlClientProvider>;
}
