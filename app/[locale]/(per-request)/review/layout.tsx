import { setRequestLocale } from "next-intl/server";
import { AllMessages } from "@/components/i18n/page-messages";

export default async function Layout({ children, params }: LayoutProps<"/[locale]/review">) {
  // Layouts render in parallel: the messages must be read in the request's locale.
  setRequestLocale((await params).locale);
  return <AllMessages>{children}</AllMessages>;
}
