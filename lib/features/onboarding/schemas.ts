import { z } from "zod";
import { sanitize } from "@/lib/core/validation/common";

export const companyNameSchema = z
  .string({ error: "validation.required" })
  .transform((v) => sanitize(v).value.trim())
  .pipe(z.string().min(2, "onboarding.nameTooShort").max(100, "validation.tooLong"));

export const createCompanySchema = z.object({ companyName: companyNameSchema });
