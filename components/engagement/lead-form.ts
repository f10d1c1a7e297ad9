import { LEAD_NAME_MAX, leadSchema } from "@/lib/features/engagement/schemas";

/**
 * The lead form's rules (spec §5), checked in the browser with the server's own schema before
 * sending; the server checks them again and answers with the same message keys.
 */
export { LEAD_NAME_MAX };
export const LEAD_EMAIL_MAX = 254;
export const LEAD_PHONE_MAX = 40;
export const LEAD_COMPANY_MAX = 100;

export const NAME_AND_EMAIL_REQUIRED = "engagement.errors.nameAndEmailRequired";

export type LeadField = "name" | "email" | "phone" | "company" | "consent";

export interface LeadValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  consent: boolean;
  /** The separate "send me news" box: unticked until the fan ticks it (issue #38). */
  marketingConsent: boolean;
}

export const emptyLead: LeadValues = {
  name: "",
  email: "",
  phone: "",
  company: "",
  consent: false,
  marketingConsent: false,
};

export interface LeadProblems {
  /** Shown once above the buttons ("Please fill in name and email"). */
  formError: string | null;
  /** Field → i18n key; an empty string marks the field invalid without its own text. */
  fieldErrors: Partial<Record<LeadField, string>>;
}

export function validateLead(values: LeadValues): LeadProblems {
  // Both missing fields are marked at once, under the one message the spec gives for them.
  const missing = (["name", "email"] as const).filter((f) => values[f].trim() === "");
  if (missing.length > 0) {
    return {
      formError: NAME_AND_EMAIL_REQUIRED,
      fieldErrors: Object.fromEntries(missing.map((f) => [f, ""])),
    };
  }
  const parsed = leadSchema.safeParse(values);
  if (parsed.success) return { formError: null, fieldErrors: {} };
  const fieldErrors: Partial<Record<LeadField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LeadField;
    fieldErrors[field] ??= issue.message;
  }
  return { formError: null, fieldErrors };
}

/** The server's field keys (`lead.email` or `email`) in the form's terms. */
export function problemsFromServer(
  fieldErrors: Record<string, string>,
  message: string | null,
): LeadProblems {
  const out: LeadProblems = { formError: null, fieldErrors: {} };
  for (const [path, key] of Object.entries(fieldErrors)) {
    const field = path.replace(/^lead\./, "") as LeadField;
    if (key === NAME_AND_EMAIL_REQUIRED) {
      out.formError = key;
      out.fieldErrors[field] = "";
    } else if (["name", "email", "phone", "company", "consent"].includes(field)) {
      out.fieldErrors[field] = key;
    }
  }
  if (message === NAME_AND_EMAIL_REQUIRED) out.formError = message;
  return out;
}

/** What is sent: trimmed, optional fields left out when empty. */
export function leadPayload(values: LeadValues) {
  const phone = values.phone.trim();
  const company = values.company.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    ...(company ? { company } : {}),
    consent: values.consent,
    ...(values.marketingConsent ? { marketingConsent: true } : {}),
  };
}
