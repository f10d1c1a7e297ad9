import type { Messages } from "@/lib/i18n/messages";

/**
 * Namespaces the public pages' client islands read. The root layout sends only these to the
 * browser (every message of every screen would otherwise ride along in each public page's
 * HTML). Areas with client components of their own (admin, auth) wrap their layout in
 * another `<NextIntlClientProvider>`, which sends all messages for that area.
 */
export const publicClientNamespaces = [
  "common",
  "language",
  "translated",
  "theme",
  "validation",
  "forms",
  "contact",
  "consent",
  "gallery",
  "player",
  "share",
  "engagement",
  "footer",
  "errors",
] as const;

export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const out: Messages = {};
  for (const ns of namespaces) {
    const value = messages[ns];
    if (value !== undefined) out[ns] = value;
  }
  return out;
}
