import { z } from "zod";
import { email, optionalUrl, sanitize } from "@/lib/core/validation/common";

/** Company settings forms (admin only). Messages are i18n keys. */

const text = (max: number) =>
  z
    .string()
    .max(max, "validation.tooLong")
    .transform((v) => sanitize(v).value.trim() || null);

const requiredText = (max: number, message = "validation.inputEmpty") =>
  z
    .string({ error: message })
    .transform((v) => sanitize(v).value.trim())
    .pipe(z.string().min(1, message).max(max, "validation.tooLong"));

/** Form values of the employee-count select, as Prisma names the enum members. */
export const employeeCounts = ["r1_10", "r11_50", "r51_200", "r201_500", "r500_plus"] as const;
export const employeeCountLabels: Record<(typeof employeeCounts)[number], string> = {
  r1_10: "1-10",
  r11_50: "11-50",
  r51_200: "51-200",
  r201_500: "201-500",
  r500_plus: "500+",
};

const url = optionalUrl.transform((v) => v ?? null);

export const companyDataSchema = z.object({
  name: requiredText(100),
  // Portuguese is the default language and is mandatory (spec §5); other languages are derived.
  description: requiredText(2000, "settings.company.descriptionRequired"),
  website: url,
  primaryEmail: z
    .string()
    .trim()
    .transform((v) => v || null)
    .pipe(email.nullable()),
  phone: text(40),
  address: text(200),
  city: text(100),
  state: text(100),
  zipCode: text(20),
  country: text(100),
  registrationNumber: text(50),
  industry: text(100),
  employeeCount: z
    .enum(employeeCounts, { error: "validation.required" })
    .or(z.literal("").transform(() => null)),
  facebookUrl: url,
  instagramUrl: url,
  linkedinUrl: url,
  twitterUrl: url,
  youtubeUrl: url,
  tiktokUrl: url,
  whatsappUrl: url,
});
export type CompanyDataInput = z.input<typeof companyDataSchema>;
export const companyDataFields = Object.keys(
  companyDataSchema.shape,
) as (keyof typeof companyDataSchema.shape)[];

export const landingPageSchema = z.object({
  landingPageName: text(100),
  landingPageDescription: text(1000),
  landingPageDisplayMode: z.enum(["events", "galleries"], { error: "validation.required" }),
  promotionUrl: url,
});
export const landingPageFields = Object.keys(
  landingPageSchema.shape,
) as (keyof typeof landingPageSchema.shape)[];
