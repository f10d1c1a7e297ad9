/** Limits of the marketing forms (spec §5, §9); the client mirrors them as input attributes. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 1000;
export const EMAIL_MAX = 254;

export const MARKETING_FORMS = ["interest", "newsletter", "contact"] as const;
export type MarketingForm = (typeof MARKETING_FORMS)[number];

export function isMarketingForm(value: string): value is MarketingForm {
  return (MARKETING_FORMS as readonly string[]).includes(value);
}
