import { appUrl, env } from "@/lib/core/env";

/**
 * Where the public site lives: the app's own origin (APP_URL) and, for subdomain mode, each
 * tenant's origin on it (`https://demo.afterglow.events`, `http://demo.localhost:3000`).
 * No `server-only` here: `proxy.ts` imports it too.
 */
export function tenantHostOptions(): {
  previewDomains: string[];
  rootDomain: string;
  localhostTenants: boolean;
} {
  return {
    // Opt-in only (PREVIEW_DOMAINS): a shared hosting domain such as vercel.app is anyone's, and
    // every name under a preview domain is served as the app itself.
    previewDomains: env.PREVIEW_DOMAINS ?? [],
    rootDomain: new URL(appUrl).hostname,
    // `demo.localhost` in development, whatever APP_URL says (lib/platform/site/host.ts).
    localhostTenants: env.NODE_ENV === "development",
  };
}

export function appOrigin(): string {
  return new URL(appUrl).origin;
}

/** The origin of a tenant's own host: the app's host with the slug as first label. */
export function tenantOrigin(slug: string): string {
  const url = new URL(appUrl);
  url.hostname = `${slug}.${url.hostname.replace(/^www\./, "")}`;
  return url.origin;
}
