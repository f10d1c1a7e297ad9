import type { MarketingForm } from "@/lib/marketing/limits";

export type FormResult =
  { ok: true; sanitized: boolean } | { ok: false; message: string; fieldErrors: Record<string, string> };

/** Posts a marketing form; errors come back as i18n keys (never raw server text). */
export async function postForm(form: MarketingForm, data: Record<string, string>): Promise<FormResult> {
  try {
    const response = await fetch(`/api/forms/${form}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(data),
    });
    const body = (await response.json().catch(() => ({}))) as {
      sanitized?: boolean;
      messageKey?: string;
      fieldErrors?: Record<string, string>;
    };
    if (response.ok) return { ok: true, sanitized: Boolean(body.sanitized) };
    return {
      ok: false,
      message: typeof body.messageKey === "string" ? body.messageKey : "forms.error",
      fieldErrors: body.fieldErrors ?? {},
    };
  } catch {
    return { ok: false, message: "forms.error", fieldErrors: {} };
  }
}
