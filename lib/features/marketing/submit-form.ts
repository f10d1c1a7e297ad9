import "server-only";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { MailMessage } from "@/lib/core/mail";
import type { MarketingForm } from "@/lib/features/marketing/limits";
import { contactSchema, signupSchema } from "@/lib/features/marketing/schemas";
import { sanitize } from "@/lib/core/validation/common";

/** Subject lines the operator sees, and the `form_type` the external form service receives. */
const SUBJECTS: Record<MarketingForm, string> = {
  interest: "New interest registration",
  newsletter: "New newsletter subscription",
  contact: "New contact message",
};

export interface SubmissionResult {
  id: string;
  /** Something was stripped from the text (spec §5: warn "Input has been sanitized"). */
  sanitized: boolean;
}

export interface StoredSubmission {
  id: string;
  type: MarketingForm;
  name: string | null;
  email: string;
  message: string | null;
  subject: string;
  formType: string;
}

/**
 * Validates and stores a marketing form. Storing comes first and is all the visitor waits
 * for: the operator's e-mail and the forward to the form service follow (`deliverSubmission`),
 * and their failure loses nothing — the row is there, without `notifiedAt`/`forwardedAt`.
 */
export async function storeSubmission(
  form: MarketingForm,
  input: unknown,
  locale: string,
): Promise<{ result: SubmissionResult; stored: StoredSubmission } | { spam: true }> {
  if (form === "contact") {
    const contact = parseOrThrow(contactSchema, input);
    if (contact.website) return { spam: true };
    const name = sanitize(contact.name);
    const message = sanitize(contact.message);
    if (!name.value.trim() || !message.value.trim()) {
      throw new AppError("validation", "validation.invalidForm", {
        fieldErrors: {
          ...(name.value.trim() ? {} : { name: "validation.inputEmpty" }),
          ...(message.value.trim() ? {} : { message: "validation.inputEmpty" }),
        },
      });
    }
    const row = await db.marketingSubmission.create({
      data: {
        type: "contact",
        name: name.value.trim(),
        email: contact.email,
        message: message.value.trim(),
        subject: SUBJECTS.contact,
        formType: "contact",
        locale,
      },
    });
    return {
      result: { id: row.id, sanitized: name.changed || message.changed },
      stored: { ...row, type: "contact", subject: SUBJECTS.contact, formType: "contact" },
    };
  }

  const signup = parseOrThrow(signupSchema, input);
  if (signup.website) return { spam: true };
  const row = await db.marketingSubmission.create({
    data: { type: form, email: signup.email, subject: SUBJECTS[form], formType: form, locale },
  });
  return {
    result: { id: row.id, sanitized: false },
    stored: { ...row, type: form, name: null, message: null, subject: SUBJECTS[form], formType: form },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function operatorMail(to: string, s: StoredSubmission): MailMessage {
  const lines = [
    `Form: ${s.formType}`,
    ...(s.name ? [`Name: ${s.name}`] : []),
    `E-mail: ${s.email}`,
    ...(s.message ? ["", s.message] : []),
  ];
  return {
    to,
    subject: `[Afterglow] ${s.subject}`,
    replyTo: s.email,
    text: lines.join("\n"),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join(""),
  };
}

/**
 * The form service's format (spec §7): interest and newsletter as multipart fields
 * `email`, `form_type`, `subject`; contact as JSON `name`, `email`, `message`, `subject`.
 */
export function forwardRequest(s: StoredSubmission): {
  body: FormData | string;
  headers: Record<string, string>;
} {
  if (s.type === "contact") {
    return {
      body: JSON.stringify({ name: s.name, email: s.email, message: s.message, subject: s.subject }),
      headers: { "content-type": "application/json", accept: "application/json" },
    };
  }
  const body = new FormData();
  body.set("email", s.email);
  body.set("form_type", s.formType);
  body.set("subject", s.subject);
  return { body, headers: { accept: "application/json" } };
}

export interface DeliveryOptions {
  operatorEmail: string;
  forwardUrl?: string;
  sendMail: (message: MailMessage) => Promise<unknown>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** E-mails the operator and forwards to the form service; records each step that succeeded. */
export async function deliverSubmission(
  s: StoredSubmission,
  options: DeliveryOptions,
): Promise<{ notified: boolean; forwarded: boolean | null }> {
  const doFetch = options.fetch ?? fetch;
  const [notified, forwarded] = await Promise.all([
    options
      .sendMail(operatorMail(options.operatorEmail, s))
      .then(() => true)
      .catch((error: unknown) => {
        console.error("[afterglow] operator e-mail failed", { submissionId: s.id, error: String(error) });
        return false;
      }),
    options.forwardUrl
      ? (async () => {
          const { body, headers } = forwardRequest(s);
          try {
            const response = await doFetch(options.forwardUrl!, {
              method: "POST",
              body,
              headers,
              signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
            });
            if (!response.ok) throw new Error(`status ${response.status}`);
            return true;
          } catch (error) {
            console.error("[afterglow] form forward failed", { submissionId: s.id, error: String(error) });
            return false;
          }
        })()
      : Promise.resolve(null),
  ]);
  const now = new Date();
  if (notified || forwarded) {
    await db.marketingSubmission.update({
      where: { id: s.id },
      data: { ...(notified ? { notifiedAt: now } : {}), ...(forwarded ? { forwardedAt: now } : {}) },
    });
  }
  return { notified, forwarded };
}
