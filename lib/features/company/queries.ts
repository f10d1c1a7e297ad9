import "server-only";
import { db } from "@/lib/core/db";

/** The editable company fields of the settings pages (never billing or storage internals). */
export async function getCompanySettings(companyId: string) {
  return db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: {
      name: true,
      slug: true,
      description: true,
      website: true,
      primaryEmail: true,
      phone: true,
      address: true,
      city: true,
      state: true,
      zipCode: true,
      country: true,
      registrationNumber: true,
      industry: true,
      employeeCount: true,
      facebookUrl: true,
      instagramUrl: true,
      linkedinUrl: true,
      twitterUrl: true,
      youtubeUrl: true,
      tiktokUrl: true,
      whatsappUrl: true,
      landingPageName: true,
      landingPageDescription: true,
      landingPageDisplayMode: true,
      promotionUrl: true,
      twoFactorRequired: true,
      sourceLocale: true,
    },
  });
}
export type CompanySettings = Awaited<ReturnType<typeof getCompanySettings>>;
