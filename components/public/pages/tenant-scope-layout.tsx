import type { ReactNode } from "react";
import { TenantScopeProvider, type TenantScope } from "@/components/public/pages/tenant-scope";
import { brandPalette } from "@/lib/features/brand/colors";
import { brandStyleSheet } from "@/lib/features/brand/css-variables";
import { templateStyle } from "@/lib/features/brand/templates";
import { tenantLinks, type SiteMode } from "@/lib/platform/site/links";
import { mediaOrigin } from "@/lib/surfaces/public-site/security-headers";
import { getCompanyBySlug } from "@/lib/surfaces/public-site/queries";
import { isReservedSlug } from "@/lib/platform/site/slug";

/** The tenant's layout: nothing visible, only its brand for a 404 under it (see tenant-scope.tsx). */
export async function TenantScopeLayout({
  slug,
  mode,
  children,
}: {
  slug: string;
  mode: Exclude<SiteMode, "global">;
  children: ReactNode;
}) {
  const company = isReservedSlug(slug) ? null : await getCompanyBySlug(slug);
  const tenant: TenantScope | null = company && {
    name: company.name,
    logoUrl: company.logoUrl,
    home: tenantLinks(mode, company.slug).home,
    template: company.template,
    brandCss: brandStyleSheet(brandPalette(company)),
    fontClass: templateStyle(company.template).font,
    colorScheme: company.colorScheme,
  };
  return (
    <TenantScopeProvider tenant={tenant}>
      {/* The logo, the videos and the downloads come from the store: connect while the HTML arrives. */}
      <link rel="preconnect" href={mediaOrigin()} />
      {children}
    </TenantScopeProvider>
  );
}
