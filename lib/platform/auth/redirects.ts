/**
 * Where to go after signing in. `next` comes from the address bar, so only a local path
 * is accepted (no scheme, no `//host`, no backslash tricks): anything else falls back.
 */
export const DEFAULT_AFTER_SIGN_IN = "/admin";

export function safeNextPath(next: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 512) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn "/\t/x" into "//x".
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  try {
    const url = new URL(next, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The sign-in page that returns to `path` afterwards. */
export function signInPath(path: string): string {
  return `/auth?next=${encodeURIComponent(safeNextPath(path))}`;
}
