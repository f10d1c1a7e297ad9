import "server-only";
import { getAuth } from "@/lib/platform/auth/auth";
import { localeFromHeaders, translator } from "@/lib/core/i18n/translate";

/**
 * Better Auth's HTTP handler, with its rate-limit answer (English, fixed) replaced by the
 * same 429 carrying a message in the caller's language.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const response = await getAuth().handler(request);
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
