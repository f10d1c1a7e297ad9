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
  "footer",
  "errors",
] as const;

/**
 * What the tenant pages' own islands add (issue #16: no catalogue larger than the page needs):
 * the gallery's filters and lightbox, the player's controls and engagement. Those pages wrap
 * their content in a provider with the layout's namespaces plus these (a nested provider's
 * messages replace its parent's).
 */
export const pageClientNamespaces = {
  landing: ["gallery"],
  // The share menu (components/share/share-menu.tsx) is on event pages too.
  event: ["gallery", "share", "engagement"],
  player: ["gallery", "player", "share", "engagement"],
} as const satisfies Record<string, readonly string[]>;

export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const out: Messages = {};
  for (const ns of namespaces) {
    const value = messages[ns];
    if (value !== undefined) out[ns] = value;
  }
  return out;
}
