import { after, type NextRequest } from "next/server";
import { env } from "@/lib/core/env";
import { AppError } from "@/lib/core/errors";
import { assertSameOrigin, readJsonBody } from "@/lib/core/http/request";
import { publicRoute } from "@/lib/core/http/route";
import { resolveLocale } from "@/lib/core/i18n/config";
import { localeCookieName } from "@/lib/core/i18n/locale-path";
import { isMarketingForm } from "@/lib/features/marketing/limits";
import { submitMarketingForm } from "@/lib/features/marketing/submit";
import { enforceIpLimit } from "@/lib/core/rate-limit/server";

export const dynamic = "force-dynamic";

/** A contact message is at most ~1 100 characters; anything far larger is not a form. */
const MAX_BODY_BYTES = 16 * 1024;

// POST /api/forms/{interest|newsletter|contact} — store a marketing form, then notify the operator
export const POST = publicRoute(
  async (request: NextRequest, { params }: RouteContext<"/api/forms/[form]">) => {
    const { form } = await params;
    if (!isMarketingForm(form)) throw new AppError("not_found", "errors.notFoundTitle");
    assertSameOrigin(request, { messageKey: "forms.error" });
    const body = await readJsonBody(request, {
      maxBytes: MAX_BODY_BYTES,
      messageKey: "validation.invalidForm",
    });
    await enforceIpLimit(request, `form:${form}`, env.RATE_LIMIT_FORMS, "forms.error");
    const locale = resolveLocale(request.cookies.get(localeCookieName)?.value);
    const outcome = await submitMarketingForm(form, body, locale);
    if (outcome.deliver) after(outcome.deliver);
    return Response.json(outcome.response, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
  { route: "forms" },
);
