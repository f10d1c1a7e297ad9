import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pageClientNamespaces, pickMessages, publicClientNamespaces } from "@/lib/core/i18n/client-messages";
import type { Messages } from "@/lib/core/i18n/messages";

/**
 * The client messages of one kind of page: the root layout's public namespaces plus the
 * page's own (lib/core/i18n/client-messages.ts), so other pages do not carry them.
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

/**
 * Every message, for the signed-in screens (admin, account, onboarding, invitations): they
 * have many client components and are not where a crowd arrives.
 */
export function AllMessages({ children }: { children: ReactNode }) {
  // Rendered on the server without `messages`, the provider passes on all of the request's.
  return <NextIntlClientProvider>{children}</NextIntlClientProvider>;
}
