import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/core/i18n/config";
import type { LegalSection } from "@/lib/surfaces/public-site/legal-types";

export type LegalKind = "privacy" | "terms" | "cookies";

const SECTIONS: Record<LegalKind, string[]> = {
  privacy: ["controller", "data", "purposes", "sharing", "retention", "rights", "contact"],
  terms: ["service", "use", "content", "downloads", "liability", "changes"],
  cookies: ["what", "necessary", "functional", "analytics", "marketing", "manage"],
};

/**
 * The platform's legal text. With `company`, it names that company as the controller of its
 * fans' data (spec: a client's /termos and /privacidade fall back to the platform's text).
 */
export async function legalText(
  kind: LegalKind,
  locale: Locale,
  company?: string,
): Promise<{ title: string; lead: string; sections: LegalSection[] }> {
  const t = await getTranslations({ locale, namespace: "legal" });
  const values = { company: company ?? "Afterglow" };
  return {
    title: t(`${kind}.title`),
    lead: company ? t(`${kind}.leadCompany`, values) : t(`${kind}.lead`),
    sections: SECTIONS[kind].map((key) => ({
      title: t(`${kind}.${key}Title`),
      body:
        company && key === "controller"
          ? t(`${kind}.controllerCompany`, values)
          : t(`${kind}.${key}`, values),
    })),
  };
}
