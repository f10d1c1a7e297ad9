import "server-only";
import { brandPalette } from "@/lib/features/brand/colors";
import { db } from "@/lib/core/db";
import { appUrl } from "@/lib/core/env";
import { publicCompanyLogoUrl, versionOf } from "@/lib/platform/media/urls";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";
import { planAllows } from "@/lib/platform/plans/gate";

/** How a company's e-mails (to invitees and leads) look: `renderActionEmail`'s `brand`. */
export interface EmailBrand {
  name: string;
  /** Absolute: a mail client has no base URL. The public logo route (always public). */
  logoUrl: string | null;
  /** The button and the text drawn on it (AA), and the colour of links on the white card. */
  button: string;
  onButton: string;
  link: string;
  /** Whether the footer says "Powered by Afterglow" (not for a white-label plan). */
  poweredBy: boolean;
}

/**
 * The company's brand for its e-mails. Its colours need `customBranding` and are read from the
 * effective plan, as on its public pages: a downgraded company keeps its picks but its e-mails
 * use the platform's colours until it upgrades. The logo and name are every plan's.
 */
export async function loadEmailBrand(companyId: string): Promise<EmailBrand> {
  const [company, { plan }] = await Promise.all([
    db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { id: true, name: true, logoKey: true, brandColor: true, accentColor: true },
    }),
    loadEffectivePlan(db, companyId),
  ]);
  const palette = brandPalette(planAllows(plan, "customBranding") ? company : {});
  return {
    name: company.name,
    logoUrl: company.logoKey
      ? new URL(publicCompanyLogoUrl(company.id, versionOf(company.logoKey)), appUrl).toString()
      : null,
    button: palette.brand,
    onButton: palette.onBrand,
    link: palette.brandText.light,
    poweredBy: !planAllows(plan, "whiteLabel"),
  };
}
