import { domainToASCII } from "node:url";
import { z } from "zod";

/**
 * Custom domain names as a company types them. Strict on purpose: the value ends up in the
 * routing table, in the TLS `ask` endpoint and in DNS queries, so anything that is not a plain
 * public DNS name is refused here, once. Internationalised names are converted to their
 * punycode (ASCII) form, which is what DNS, TLS and the `Host` header carry.
 */

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Names that never resolve on the public internet (RFC 6761 / 6762 / 7686, and `.internal`). */
const SPECIAL_TLDS = new Set(["localhost", "local", "internal", "invalid", "arpa", "onion", "home", "lan"]);
/**
 * Two-label public suffixes common enough that `example.co.uk` should count as an apex domain
 * (no CNAME allowed there). Not the whole public-suffix list: the checks accept a CNAME or
 * A/AAAA records either way, so a wrong guess only changes which record the page suggests.
 */
const TWO_LABEL_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "com.br",
  "net.br",
  "org.br",
  "com.pt",
  "com.au",
  "net.au",
  "co.nz",
  "co.jp",
  "com.mx",
  "com.ar",
  "co.za",
  "com.es",
  "com.fr",
]);

export const MAX_HOSTNAME_LENGTH = 253;

export interface HostnameContext {
  /** The app's own host (`afterglow.events`): neither it nor its subdomains are custom domains. */
  rootDomain: string;
  /** Hosting-preview domains (`vercel.app`): deployments, never a company's domain. */
  previewDomains: readonly string[];
}

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The i18n key (under `settings.domains.errors.`) of why `input` is not a custom domain, or the ASCII name. */
/**
 * Hosting providers' shared names: no tenant can point one of them at us (the provider holds its
 * DNS), so they are refused as custom domains whether or not the app itself treats them as its own
 * hosts (`PREVIEW_DOMAINS`, opt-in since issue #34).
 */
const SHARED_HOSTING_SUFFIXES = ["vercel.app", "netlify.app"] as const;

export function parseCustomHostname(
  input: string,
  context: HostnameContext,
): { ok: true; hostname: string } | { ok: false; error: string } {
  const typed = input.trim().toLowerCase().replace(/\.$/, "");
  if (!typed) return { ok: false, error: "hostnameRequired" };
  if (/[/:@?#\s\\[\]]/.test(typed)) return { ok: false, error: "hostnameOnly" };
  // domainToASCII answers "" for what cannot be a domain name.
  const hostname = /^[\x21-\x7e]+$/.test(typed) ? typed : domainToASCII(typed);
  if (!hostname || hostname.length > MAX_HOSTNAME_LENGTH) return { ok: false, error: "hostnameInvalid" };
  const labels = hostname.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)))
    return { ok: false, error: "hostnameInvalid" };
  const tld = labels[labels.length - 1]!;
  // An all-numeric last label is an IPv4 literal (or a shorthand of one), never a domain.
  if (/^\d+$/.test(tld)) return { ok: false, error: "hostnameIp" };
  if (SPECIAL_TLDS.has(tld)) return { ok: false, error: "hostnameInvalid" };
  const root = context.rootDomain.toLowerCase().replace(/^www\./, "");
  if (within(hostname, root)) return { ok: false, error: "hostnameOwn" };
  if ([...SHARED_HOSTING_SUFFIXES, ...context.previewDomains].some((d) => within(hostname, d.toLowerCase())))
    return { ok: false, error: "hostnamePreview" };
  return { ok: true, hostname };
}

/** The zod schema of the add-domain form (messages are i18n keys, as every form's). */
export function customHostnameSchema(context: HostnameContext) {
  return z.string().transform((value, ctx) => {
    const parsed = parseCustomHostname(value, context);
    if (parsed.ok) return parsed.hostname;
    ctx.addIssue({ code: "custom", message: `settings.domains.errors.${parsed.error}` });
    return z.NEVER;
  });
}

/** Whether a (valid) host name is an apex domain, where DNS allows no CNAME. */
export function isApexDomain(hostname: string): boolean {
  const labels = hostname.split(".");
  if (labels.length === 2) return true;
  return labels.length === 3 && TWO_LABEL_SUFFIXES.has(labels.slice(1).join("."));
}

/** The subdomain record's host name: `{slug}.{root}` (the root without `www.`). */
export function subdomainHostname(slug: string, rootDomain: string): string {
  return `${slug}.${rootDomain.toLowerCase().replace(/^www\./, "")}`;
}

export interface DnsRecordInstruction {
  type: "CNAME" | "A" | "TXT";
  name: string;
  /** null: the value is not configured on this deployment (the A record's IPv4). */
  value: string | null;
}

export const VERIFICATION_PREFIX = "_afterglow";
export const verificationName = (hostname: string) => `${VERIFICATION_PREFIX}.${hostname}`;
export const verificationValue = (token: string) => `afterglow-verify=${token}`;

/**
 * The exact records a company creates for a custom domain: the routing record (a CNAME to the
 * app's host, or for an apex domain an A record to the app's IPv4) and the ownership TXT.
 */
export function customDomainRecords(
  hostname: string,
  token: string,
  app: { host: string; publicIpv4: string | null },
): DnsRecordInstruction[] {
  const routing: DnsRecordInstruction = isApexDomain(hostname)
    ? { type: "A", name: hostname, value: app.publicIpv4 }
    : { type: "CNAME", name: hostname, value: app.host };
  return [routing, { type: "TXT", name: verificationName(hostname), value: verificationValue(token) }];
}
