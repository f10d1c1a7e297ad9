import "server-only";
import { env } from "@/lib/core/env";
import { sendMail } from "@/lib/core/mail";
import type { MarketingForm } from "@/lib/features/marketing/limits";
import {
  deliverSubmission,
  storeSubmission,
  type SubmissionResult,
} from "@/lib/features/marketing/submit-form";

/**
 * The app's entry point for a marketing form: stored; `deliver`
 * (run after the response) e-mails OPERATOR_EMAIL and posts to FORM_FORWARD_URL if set.
 * A honeypot hit answers like a success and stores nothing.
 */
export async function submitMarketingForm(
  form: MarketingForm,
  input: unknown,
  locale: string,
): Promise<{ response: SubmissionResult | { id: null; sanitized: false }; deliver?: () => Promise<void> }> {
  const outcome = await storeSubmission(form, input, locale);
  if ("spam" in outcome) return { response: { id: null, sanitized: false } };
  return {
    response: outcome.result,
    deliver: async () => {
      await deliverSubmission(outcome.stored, {
        operatorEmail: env.OPERATOR_EMAIL,
        forwardUrl: env.FORM_FORWARD_URL,
        sendMail,
      });
    },
  };
}
