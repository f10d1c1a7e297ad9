import { setRequestLocale } from "next-intl/server";
import { PageMessages } from "@/components/i18n/page-messages";

/** Sign-in, sign-up and the password pages: only their own client messages (issue #16). */
export default async function AuthLayout({ children, params }: LayoutProps<"/[locale]/auth">) {
  // Layouts render in parallel: the messages must be read in the request's locale.
  setRequestLocale((await params).locale);
  return <PageMessages page="auth">{children}</PageMessages>;
}
