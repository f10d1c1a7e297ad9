/**
 * Whether a request reached us over HTTPS — from the client itself, or from a trusted proxy
 * that said so. The server's preload settles `X-Forwarded-Proto` to one value before anything
 * reads it (lib/core/http/forwarded.cjs: a proxy's word counts only when AUTH_TRUSTED_PROXIES
 * or TRUST_PROXY trusts it), so reading it here is reading that decision.
 */
export function requestIsHttps(headers: Headers): boolean {
  return headers.get("x-forwarded-proto") === "https";
}
