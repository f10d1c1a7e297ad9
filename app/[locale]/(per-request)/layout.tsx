import { setRequestLocale } from "next-intl/server";

// Rendered per request, with the proxy's per-request CSP nonce (lib/surfaces/public-site/csp.ts): never cached.
export const dynamic = "force-dynamic";

/**
 * The signed-in application (admin, auth, onboarding, invitations). Each area's layout sends
 * the browser its client messages (components/i18n/page-messages.tsx): all of them for the
 * screens with many client components, only theirs for the auth pages.
 */
export default async function AppAreaLayout({ children, params }: LayoutProps<"/[locale]">) {
  const { locale } = await params;
  // Layouts render in parallel: the root layout's setRequestLocale may not have run yet.
  setRequestLocale(locale);
  return children;
}
