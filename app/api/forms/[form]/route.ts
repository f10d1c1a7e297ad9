import { after, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { AppError, errorResponse } from "@/lib/errors";
import { resolveLocale } from "@/lib/i18n/config";
import { localeCookieName } from "@/lib/i18n/locale-path";
import { isMarketingForm } from "@/lib/marketing/limits";
import { submitMarketingForm } from "@/lib/marketing/submit";
import { withRetryAfter } from "@/lib/rate-limit/limiter";
import { enforceIpLimit } from "@/lib/rate-limit/server";

export const dynamic = "force-dynamic";

/** A contact message is at most ~1 100 characters; anything far larger is not a form. */
const MAX_BODY_BYTES = 16 * 1024;

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" (sandboxed frames, files)
  }
}

// POST /api/forms/{interest|newsletter|contact} — store a marketing form, then notify the operator
export async function POST(request: NextRequest, { params }: RouteContext<"/api/forms/[form]">) {
  const { form } = await params;
  try {
    if (!isMarketingForm(form)) throw new AppError("not_found", "errors.notFoundTitle");
    // A JSON body cannot be sent cross-site without a preflight; the origin check closes the rest.
    const origin = request.headers.get("origin");
    if (origin && originHost(origin) !== request.headers.get("host")) {
      throw new AppError("forbidden", "forms.error");
    }
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
      throw new AppError("validation", "validation.invalidForm");
    }
    if (!request.headers.get("content-type")?.includes("application/json")) {
      throw new AppError("validation", "validation.invalidForm");
    }
    const body: unknown = await request.json().catch(() => {
      throw new AppError("validation", "validation.invalidForm");
    });
    await enforceIpLimit(request, `form:${form}`, env.RATE_LIMIT_FORMS, "forms.error");
    const locale = resolveLocale(request.cookies.get(localeCookieName)?.value);
    const outcome = await submitMarketingForm(form, body, locale);
    if (outcome.deliver) after(outcome.deliver);
    return Response.json(outcome.response, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return withRetryAfter(errorResponse(error, { route: "forms", form }), error);
  }
}
