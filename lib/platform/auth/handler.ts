import "server-only";
import { getAuth } from "@/lib/platform/auth/auth";
import { errorResponse } from "@/lib/core/http/error-response";
import { withCappedBody } from "@/lib/core/http/request";
import { localeFromHeaders, translator } from "@/lib/core/i18n/translate";

/**
 * The largest body Better Auth is handed. Its bodies are a few fields (an e-mail, a password
 * of at most 128 characters, a name, a code, a callback path): 64 KB is far above any of them,
 * JSON or form.
 */
export const AUTH_MAX_BODY_BYTES = 64 * 1024;

/**
 * Better Auth's HTTP handler. The body is read first, within `AUTH_MAX_BODY_BYTES` (a larger
 * one is the 413 of the one mapper, unread: Better Auth would read any body whole), and
 * Better Auth's rate-limit answer (English, fixed) is replaced by the same 429 carrying a
 * message in the caller's language.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  let capped: Request;
  try {
    capped = await withCappedBody(request, AUTH_MAX_BODY_BYTES);
  } catch (error) {
    return errorResponse(error, request);
  }
  const response = await getAuth().handler(capped);
  if (response.status !== 429) return response;

  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  // Our own wrong-password limit (login-throttle.ts) already answers in the user's language.
  if (body?.code === "TOO_MANY_ATTEMPTS") return response;

  const t = await translator(localeFromHeaders(request.headers));
  const retryAfter = response.headers.get("x-retry-after") ?? "60";
  return Response.json(
    { code: "TOO_MANY_REQUESTS", message: t("auth.errors.tooManyRequests") },
    { status: 429, headers: { "Retry-After": retryAfter, "X-Retry-After": retryAfter } },
  );
}
