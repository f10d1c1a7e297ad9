"use client";

import { createContext, useContext, type ReactNode } from "react";

/**
 * The tenant a 404 belongs to. Next.js renders a not-found boundary without the route's
 * params, so the tenant's layout (`[clientSlug]`, `~site/[siteSlug]`) hands its brand down
 * here; `NotFoundView` then keeps the tenant's logo, colours and template and links back to
 * its landing page instead of the platform's home.
 */
export interface TenantScope {
  name: string;
  logoUrl: string | null;
  /** The tenant's landing page in this site mode (`/demo`, or `/` on its own host). */
  home: string;
  template: string;
  /** The brand's CSS variables (lib/features/brand/css-variables.ts), computed on the server. */
  brandCss: string;
  /** The template's font class. */
  fontClass: string;
  colorScheme: "system" | "light" | "dark";
}

const Scope = createContext<TenantScope | null>(null);

export function TenantScopeProvider({
  tenant,
  children,
}: {
  tenant: TenantScope | null;
  children: ReactNode;
}) {
  return <Scope.Provider value={tenant}>{children}</Scope.Provider>;
}

export const useTenantScope = () => useContext(Scope);
