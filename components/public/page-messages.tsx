import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pageClientNamespaces, pickMessages, publicClientNamespaces } from "@/lib/i18n/client-messages";
import type { Messages } from "@/lib/i18n/messages";

/**
 * The client messages of one kind of tenant page: the layout's public namespaces plus the
 * page's own (lib/i18n/client-messages.ts), so other pages do not carry them.
 */
export async function PageMessages({
  page,
  children,
}: {
  page: keyof typeof pageClientNamespaces;
  children: ReactNode;
}) {
  const messages = (await getMessages()) as Messages;
  return (
    <NextIntlClientProvider
      messages={pickMessages(messages, [...publicClientNamespaces, ...pageClientNamespaces[page]])}
    >
      {children}
    </NextIntlClientProvider>
  );
}
