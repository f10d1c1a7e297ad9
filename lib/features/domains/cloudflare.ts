import { z } from "zod";

/**
 * Cloudflare's DNS API, the first DNS provider of tenant subdomains: list, create and delete
 * records of one zone (`/zones/{zone}/dns_records`; the app never deletes one, see `ensureCnameRecord`). Every answer is Cloudflare's envelope
 * `{ success, errors: [{ code, message }], messages, result }`. A 4xx is the provider refusing
 * the request (its message is kept for the UI); a 5xx, a timeout or an unreadable answer is the
 * provider being unavailable, which the checks retry.
 */

export interface CloudflareConfig {
  apiUrl: string;
  token: string;
  zoneId: string;
  proxied: boolean;
  timeoutMs?: number;
}

export interface DnsRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied?: boolean;
  comment?: string | null;
}

/**
 * The comment on every record the app creates. Only a record carrying it is ever adopted: the
 * zone is the operator's, and a tenant choosing the slug `status` must never take over (and
 * point at the app) the operator's own `status` record.
 */
export const MANAGED_RECORD_COMMENT = "afterglow:tenant-subdomain";

export class DnsProviderError extends Error {
  constructor(
    message: string,
    /** The provider refused the request (4xx): retrying the same request will not help. */
    readonly rejected: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "DnsProviderError";
  }
}

const envelope = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).default([]),
  result: z.unknown().optional(),
});
const record = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  content: z.string(),
  proxied: z.boolean().optional(),
  comment: z.string().nullish(),
});

/** The longest provider message kept in `lastError`. */
const MAX_MESSAGE = 300;

export function createCloudflareClient(config: CloudflareConfig) {
  const base = `${config.apiUrl.replace(/\/$/, "")}/zones/${encodeURIComponent(config.zoneId)}/dns_records`;

  async function call(path: string, init: { method: string; body?: unknown }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${config.token}`,
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        redirect: "error",
      });
    } catch (error) {
      throw new DnsProviderError(`Cloudflare unreachable: ${(error as Error).name}`, false);
    }
    const parsed = envelope.safeParse(await response.json().catch(() => null));
    const rejected = response.status >= 400 && response.status < 500;
    if (!parsed.success)
      throw new DnsProviderError(
        `Cloudflare: unexpected answer (${response.status})`,
        rejected,
        response.status,
      );
    if (!response.ok || !parsed.data.success) {
      const detail = parsed.data.errors
        .map((e) => (e.code ? `${e.message} (${e.code})` : e.message))
        .join("; ");
      throw new DnsProviderError(
        `Cloudflare: ${detail || `HTTP ${response.status}`}`.slice(0, MAX_MESSAGE),
        rejected,
        response.status,
      );
    }
    return parsed.data.result;
  }

  return {
    /** The record of that type and name, if the zone holds one. */
    async findRecord(type: string, name: string): Promise<DnsRecord | null> {
      const query = new URLSearchParams({ type, name, per_page: "5" });
      const result = z.array(record).safeParse(await call(`?${query}`, { method: "GET" }));
      if (!result.success) throw new DnsProviderError("Cloudflare: unexpected answer", false);
      return result.data.find((r) => r.name.toLowerCase() === name.toLowerCase()) ?? null;
    },
    async createRecord(input: { type: "CNAME"; name: string; content: string }): Promise<DnsRecord> {
      const result = record.safeParse(
        await call("", {
          method: "POST",
          body: { ...input, proxied: config.proxied, ttl: 1, comment: MANAGED_RECORD_COMMENT },
        }),
      );
      if (!result.success) throw new DnsProviderError("Cloudflare: unexpected answer", false);
      return result.data;
    },
  };
}

export type CloudflareClient = ReturnType<typeof createCloudflareClient>;

/**
 * Makes sure the zone holds `name` CNAME `target`, idempotently: a record of that name the app
 * created (a previous run, or a company that held the name before) is adopted; a record of that
 * name anyone else created is refused ("name in use", the domain is rejected), never adopted or
 * changed. After a slug change the old name's record stays: it points at the app, whose proxy
 * answers the old subdomain's permanent redirect, and a company that takes that slug later
 * adopts it.
 */
export async function ensureCnameRecord(
  client: CloudflareClient,
  name: string,
  target: string,
): Promise<string> {
  const existing = await client.findRecord("CNAME", name);
  if (existing && existing.comment !== MANAGED_RECORD_COMMENT) {
    throw new DnsProviderError(`Cloudflare: ${name} is already in use in the zone`, true);
  }
  return (existing ?? (await client.createRecord({ type: "CNAME", name, content: target }))).id;
}
