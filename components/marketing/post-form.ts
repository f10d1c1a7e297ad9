import { fetchJson } from "@/lib/core/http/fetch-json";
import type { MarketingForm } from "@/lib/features/marketing/limits";

export type FormResult =
  { ok: true; sanitized: boolean } | { ok: false; message: string; fieldErrors: Record<string, string> };

/** Posts a marketing form; errors come back as i18n keys (never raw server text). */
export async function postForm(form: MarketingForm, data: Record<string, string>): Promise<FormResult> {
  const result = await fetchJson<{ sanitized?: boolean } | null>(`/api/forms/${form}`, {
    method: "POST",
    json: data,
  });
  if (result.ok) return { ok: true, sanitized: Boolean(result.data?.sanitized) };
  return {
    ok: false,
    message: result.error?.messageKey ?? "forms.error",
    fieldErrors: result.error?.fieldErrors ?? {},
  };
}
