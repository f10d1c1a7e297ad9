import { TenantScopeLayout } from "@/components/public/pages/tenant-scope-layout";

// Only so a 404 under the company keeps its brand (not-found boundaries get no params).
export default async function Layout({ params, children }: LayoutProps<"/[locale]/[clientSlug]">) {
  const { clientSlug } = await params;
  return (
    <TenantScopeLayout slug={clientSlug} mode="path">
      {children}
    </TenantScopeLayout>
  );
}
