import { createHmac } from "node:crypto";
import { BlockList, isIP } from "node:net";

/**
 * The client's address as far as it can be trusted. A route handler never sees the socket,
 * and Next.js puts its address in X-Forwarded-For only when the request has none; so
 * `npm start` preloads server/client-address-preload.mjs into the Next server, which
 * sets the header from the socket before anything reads it: the socket address alone with
 * no trusted proxy, the socket hop appended with AUTH_TRUSTED_PROXIES (read from the right,
 * skipping them), untouched with TRUST_PROXY. A Next server started without it (a bare
 * `next start`) believes a client's single-value header: start through `npm start`.
 */
export interface ClientIpOptions {
  /** A proxy/CDN in front replaces X-Forwarded-For: its first entry is the client. */
  trustProxy: boolean;
  /** Known proxies (IPs or CIDRs): the chain is read from the right, skipping them. */
  trustedProxies: readonly string[];
}

function normalize(ip: string): string | null {
  const value = ip.trim().replace(/^\[|\]$/g, "");
  const mapped = value.toLowerCase().startsWith("::ffff:") ? value.slice(7) : value;
  if (isIP(mapped)) return mapped.toLowerCase();
  return null;
}

function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : isIP(address) === 4 ? "ipv4" : null;
    if (!family) continue;
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const blockLists = new Map<string, BlockList>();

export function clientIp(headers: Headers, options: ClientIpOptions): string | null {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (options.trustedProxies.length > 0) {
    const cacheKey = options.trustedProxies.join(",");
    let list = blockLists.get(cacheKey);
    if (!list) blockLists.set(cacheKey, (list = blockListOf(options.trustedProxies)));
    for (let i = chain.length - 1; i >= 0; i--) {
      const ip = normalize(chain[i]!);
      if (!ip) return null;
      if (!list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4")) return ip;
    }
    return null;
  }
  if (options.trustProxy) {
    return normalize(chain[0] ?? "") ?? normalize(headers.get("x-real-ip") ?? "");
  }
  return chain.length === 1 ? normalize(chain[0]!) : null;
}

function ipv6Groups(ip: string): string[] {
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => g.padStart(4, "0"));
}

/**
 * A rate-limit key part for an address: a keyed hash, so the table never holds an IP (an
 * unkeyed hash of the IPv4 space is trivially reversed). IPv6 clients are grouped by /64,
 * the block one subscriber usually gets.
 */
export function ipKeyPart(ip: string, secret: string | Buffer): string {
  const grouped = isIP(ip) === 6 ? ipv6Groups(ip).slice(0, 4).join(":") : ip;
  return createHmac("sha256", secret).update(grouped).digest("base64url").slice(0, 22);
}
