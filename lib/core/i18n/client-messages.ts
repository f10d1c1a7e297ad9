import type { Messages } from "@/lib/core/i18n/messages";

/**
 * Namespaces the public pages' client islands read. The root layout sends only these to the
 * browser (every message of every screen would otherwise ride along in each public page's
 * HTML). The signed-in areas wrap their layout in another `<NextIntlClientProvider>`: the admin,
 * account, onboarding and invitation screens get all messages (`AllMessages`), the auth
 * pages only theirs (`pageClientNamespaces.auth`).
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
  // The sign-in, sign-up and password pages (app/[locale]/(per-request)/auth): their forms, and the
  // "signed in without access" notice's actions. Not the whole admin catalogue (75 KB of
  // every page's HTML before).
  auth: ["auth", "admin.accessDenied"],
} as const satisfies Record<string, readonly string[]>;

/**
 * The given namespaces of `messages`; a dotted name (`admin.accessDenied`) picks one part of a
 * namespace, under the same path, so `useTranslations("admin.accessDenied")` finds it.
 */
export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const out: Messages = {};
  for (const name of namespaces) {
    const [ns, part] = name.split(".", 2) as [string, string | undefined];
    const value = messages[ns];
    if (value === undefined) continue;
    if (part === undefined) {
      out[ns] = value;
      continue;
    }
    const picked = typeof value === "string" ? undefined : value[part];
    if (picked === undefined) continue;
    const into = out[ns];
    out[ns] = { ...(typeof into === "object" ? into : {}), [part]: picked };
  }
  return out;
}
