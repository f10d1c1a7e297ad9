import { TenantScopeLayout } from "@/components/public/pages/tenant-scope-layout";

// Only so a 404 on the tenant's own host keeps its brand (not-found boundaries get no params).
export default async function Layout({ params, children }: LayoutProps<"/[locale]/~site/[siteSlug]">) {
  const { siteSlug } = await params;
  return (
    <TenantScopeLayout slug={siteSlug} mode="host">
      {children}
    </TenantScopeLayout>
  );
}
