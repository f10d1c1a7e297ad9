import { requestNonce } from "@/lib/surfaces/public-site/csp-nonce";

/**
 * next-themes' storage key (THEME_STORAGE_KEY in theme-provider.tsx). Repeated, not imported:
 * a server component importing a value from a "use client" module gets a reference, not it.
 */
export const THEME_KEY = "theme";

/**
 * Applies the signed-in user's stored theme before the admin shell paints (no flash when
 * this device remembers another theme), and hands it to next-themes through local storage.
 */
export async function ThemeBootScript({ theme }: { theme: "light" | "dark" | "system" | null }) {
  if (!theme) return null;
  // The admin area's policy runs inline scripts by this request's nonce only.
  const nonce = await requestNonce();
  const script = `(function(){try{var t=${JSON.stringify(theme)};localStorage.setItem(${JSON.stringify(THEME_KEY)},t);var d=t==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):t;var c=document.documentElement.classList;c.remove("light","dark");c.add(d);document.documentElement.style.colorScheme=d}catch(e){}})();`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
