import { NextIntlClientProvider } from "next-intl";

/**
 * The signed-in application (admin, auth, onboarding, invitations) has many client
 * components: it gets all messages, while public pages send the browser only theirs.
 */
export default function AppAreaLayout({ children }: LayoutProps<"/[locale]">) {
  return <NextIntlClientProvider>{children}</NextIntlClientProvider>;
}
