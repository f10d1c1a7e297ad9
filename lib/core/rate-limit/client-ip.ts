import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import { listed, normalizeAddress, proxyList } from "@/lib/core/http/forwarded.cjs";

/**
 * The client's address as far as it can be trusted. A route handler never sees the socket,
 * and Next.js puts its address in X-Forwarded-For only when the request has none; so
 * `npm start` preloads server/client-address-preload.mjs into the Next server, which
 * settles the header from the socket before anything reads it (lib/core/http/forwarded.cjs):
 * the socket address alone with no trusted proxy, the socket hop appended with
 * AUTH_TRUSTED_PROXIES (read here from the right, skipping them), untouched with TRUST_PROXY. A Next server started without it (a bare
 * `next start`) believes a client's single-value header: start through `npm start`.
 */
export interface ClientIpOptions {
  /** A proxy/CDN in front replaces X-Forwarded-For: its first entry is the client. */
  trustProxy: boolean;
  /** Known proxies (IPs or CIDRs): the chain is read from the right, skipping them. */
  trustedProxies: readonly string[];
}

export function clientIp(headers: Headers, options: ClientIpOptions): string | null {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (options.trustedProxies.length > 0) {
    const list = proxyList(options.trustedProxies);
    for (let i = chain.length - 1; i >= 0; i--) {
      const ip = normalizeAddress(chain[i]);
      if (!ip) return null;
      if (!listed(list, ip)) return ip;
    }
    return null;
  }
  if (options.trustProxy) {
    return normalizeAddress(chain[0]) ?? normalizeAddress(headers.get("x-real-ip"));
  }
  return chain.length === 1 ? normalizeAddress(chain[0]) : null;
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
  // The same address asks again and again (a crowd behind one NAT, a fan's every like): its
  // keyed hash is remembered, per secret, for a bounded number of addresses (issue #35).
  let known = hashedAddresses.get(secret);
  if (!known) hashedAddresses.set(secret, (known = new Map()));
  let part = known.get(grouped);
  if (part === undefined) {
    part = createHmac("sha256", secret).update(grouped).digest("base64url").slice(0, 22);
    if (known.size >= MAX_HASHED_ADDRESSES) known.clear();
    known.set(grouped, part);
  }
  return part;
}

const MAX_HASHED_ADDRESSES = 10_000;
const hashedAddresses = new Map<string | Buffer, Map<string, string>>();
