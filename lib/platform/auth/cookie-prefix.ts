/**
 * Better Auth's cookie prefix (`afterglow.session_token`, `__Secure-` on https). Shared by the
 * auth configuration and the proxy, which only checks that a session cookie is present.
 */
export const AUTH_COOKIE_PREFIX = "afterglow";
