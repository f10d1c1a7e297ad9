import "server-only";
import { brandPalette } from "@/lib/features/brand/colors";
import type { ColorScheme } from "@/lib/features/brand/schemas";
import { templateOf, type TemplateId } from "@/lib/features/brand/templates";
import { signedCompanyLogoUrl } from "@/lib/features/company/logo";
import { db } from "@/lib/core/db";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";

export interface BrandingSettings {
  name: string;
  slug: string;
  logoUrl: string | null;
  brandColor: string | null;
  accentColor: string | null;
  colorScheme: ColorScheme;
  template: TemplateId;
  /** Whether the effective plan includes `customBranding` (colours, scheme, template). */
  customBranding: boolean;
}

/** What Settings → Branding shows of the company (scoped by the caller's company id). */
export async function getBrandingSettings(companyId: string): Promise<BrandingSettings> {
  const [company, { plan }] = await Promise.all([
    db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: {
        name: true,
        slug: true,
        logoKey: true,
        brandColor: true,
        accentColor: true,
        colorScheme: true,
        template: true,
      },
    }),
    loadEffectivePlan(db, companyId),
  ]);
  return {
    name: company.name,
    slug: company.slug,
    logoUrl: await signedCompanyLogoUrl(company),
    brandColor: company.brandColor,
    accentColor: company.accentColor,
    colorScheme: company.colorScheme,
    template: templateOf(company.template),
    customBranding: planAllows(plan, "customBranding"),
  };
}

/** What Settings → Legal texts shows. */
export async function getLegalTexts(companyId: string) {
  return db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { slug: true, termsText: true, privacyText: true },
  });
}

/** The brand colours of the admin shell (an accent bar, the active nav item), or null. */
export interface ShellBrand {
  brand: string;
  /** The brand colour as text on the shell's light and dark backgrounds (AA). */
  textLight: string;
  textDark: string;
}

/**
 * Only with `customBranding` in the effective plan, like the public pages: a downgraded
 * company's shell goes back to the platform's colours.
 */
export async function getShellBrand(companyId: string): Promise<ShellBrand | null> {
  const [company, { plan }] = await Promise.all([
    db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { brandColor: true, accentColor: true },
    }),
    loadEffectivePlan(db, companyId),
  ]);
  if (!planAllows(plan, "customBranding") || !company.brandColor) return null;
  const palette = brandPalette(company);
  return { brand: palette.brand, textLight: palette.brandText.light, textDark: palette.brandText.dark };
}
