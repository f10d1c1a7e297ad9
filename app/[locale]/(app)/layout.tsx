import { NextIntlClientProvider } from "next-intl";
import { setRequestLocale } from "next-intl/server";

// Rendered per request, with the proxy's per-request CSP nonce (lib/public/csp.ts): never cached.
export const dynamic = "force-dynamic";

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
