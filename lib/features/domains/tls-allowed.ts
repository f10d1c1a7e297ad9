import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/core/db";
import { consumeLimits, peekLimits } from "@/lib/core/rate-limit/limiter";
import { tenantHostOptions } from "@/lib/platform/site/site";
import { routeHost } from "@/lib/platform/site/host";

/** A bare host name as Caddy sends it: no port, no path, at most 253 characters. */
const domainSchema = z
  .string()
  .max(253)
  .transform((v) => v.toLowerCase().replace(/\.$/, ""))
  .pipe(
    z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/),
  );

/** Distinct names one company may have certificates asked for per day (see `tlsAllowed`). */
export const TLS_NAMES_PER_COMPANY_PER_DAY = 20;
const DAY_SECONDS = 24 * 60 * 60;

/** Who a host name is served for while it routes: the app itself, a company, or nobody (null). */
type Owner = { kind: "app" } | { kind: "company"; companyId: string };

/**
 * Whether a certificate may be issued for `domain` (Caddy's on-demand TLS `ask`): only for a
 * name that routes now — the app's own host and `www.`; `{slug}.{root}` of an existing
 * company, or of a slug it released while the hold lasts (its redirect must be served over TLS
 * too; once the hold ends the name is refused, whatever DNS record is left); an active custom
 * domain (routed, or redirected to the company's subdomain while its plan does not include
 * custom domains: links printed with it must keep working over HTTPS). Anything else — unknown names, pending
 * or removed domains, IP addresses, malformed input — is refused, so nobody can make the
 * server request certificates for names it does not serve. And a company's names are allowed
 * for at most `TLS_NAMES_PER_COMPANY_PER_DAY` distinct names a day, so slug changes or
 * custom domains added and removed cannot spend the certificate authority's rate limits, which
 * every tenant shares (issue #34, row 14). Indexed reads only (`company.slug`,
 * `domain.hostname`, `slug_redirect.slug` are unique), plus the limiter's rows.
 */
export async function tlsAllowed(domain: string | null, now = new Date()): Promise<boolean> {
  const parsed = domainSchema.safeParse(domain);
  if (!parsed.success) return false;
  const host = parsed.data;
  const owner = await ownerOf(host, now);
  if (!owner) return false;
  return owner.kind === "app" || (await withinDailyNames(owner.companyId, host));
}

async function ownerOf(host: string, now: Date): Promise<Owner | null> {
  const options = tenantHostOptions();
  const root = options.rootDomain.toLowerCase().replace(/^www\./, "");
  if (host === root || host === `www.${root}`) return { kind: "app" };

  // Subdomains of the app's own domain only (no preview, localhost or IP rules here).
  const route = routeHost(host, { rootDomain: root, previewDomains: [] });
  if (route.kind === "tenant" && host.endsWith(`.${root}`)) {
    const slug = route.slug;
    const company = await db.company.findUnique({ where: { slug }, select: { id: true } });
    if (company) return { kind: "company", companyId: company.id };
    // A released slug redirects while no company has it (checked above) and its hold lasts.
    const hold = await db.slugRedirect.findUnique({
      where: { slug },
      select: { companyId: true, heldUntil: true },
    });
    return hold && hold.heldUntil > now ? { kind: "company", companyId: hold.companyId } : null;
  }
  const custom = await db.domain.findUnique({
    where: { hostname: host },
    select: { kind: true, status: true, companyId: true },
  });
  // Routed, or redirected to the company's subdomain while its plan does not include custom
  // domains (lib/platform/tenancy/routing-table.ts, `lapsed`): either way it is served over TLS.
  return custom?.kind === "custom" && custom.status === "active"
    ? { kind: "company", companyId: custom.companyId }
    : null;
}

/**
 * The company's ceiling of distinct names a day, on the one limiter: a name already allowed
 * today (its own key, counted once) is allowed again without counting — Caddy asks again for
 * a name whose issuance failed, and for renewals — and a new one takes one of the company's
 * `TLS_NAMES_PER_COMPANY_PER_DAY`. A name refused by the ceiling is not marked, so it counts
 * when it is asked for again on a later day.
 */
async function withinDailyNames(companyId: string, host: string): Promise<boolean> {
  const name = createHash("sha256").update(host).digest("base64url").slice(0, 22);
  const nameCheck = { key: `tls:name:${companyId}:${name}`, limit: 1 };
  if (!(await peekLimits([nameCheck], DAY_SECONDS)).allowed) return true;
  const company = { key: `tls:company:${companyId}`, limit: TLS_NAMES_PER_COMPANY_PER_DAY };
  if (!(await consumeLimits([company], DAY_SECONDS)).allowed) return false;
  await consumeLimits([nameCheck], DAY_SECONDS);
  return true;
}
