import { Resolver } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressList, listed, normalizeAddress } from "@/lib/core/http/forwarded.cjs";

/**
 * Requests the server makes to an address an organiser typed (issue #38: webhook endpoints).
 * Such a URL must never reach the app's own network (SSRF): the database, the metadata service
 * at 169.254.169.254, an admin port on loopback. The name is resolved here, every address is
 * checked, and the connection is made to the checked address itself (the socket's `lookup`
 * answers it), so a DNS answer that changes between the check and the connect (rebinding) cannot
 * move it. Only the scheme's own port (443, or 80 where http is allowed): another port is how a
 * URL on a public host reaches a service that is not a web server (SMTP, Redis, a database left
 * open), and receivers of webhooks listen on 443. Redirects are never followed (Node's client does
 * not), the whole exchange, DNS included, is bounded in time and the answer is read up to a cap.
 */

/**
 * Every range that is not the public Internet (IANA special-purpose registries): loopback,
 * private, carrier-grade NAT, link-local, unique-local, documentation, benchmarking, multicast,
 * reserved; in IPv6 also the dummy prefix (100:0:0:1::/64), the local-use NAT64 prefix
 * (64:ff9b:1::/48: a site's own translator, whose IPv4 side is wherever that site says, and whose
 * embedding depends on its prefix length: refused whole), the second documentation prefix
 * (3fff::/20) and SRv6 segment identifiers (5f00::/16). The IPv6 forms that embed an IPv4
 * address are checked again as IPv4 below.
 */
const NON_PUBLIC = addressList([
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "::/128",
  "::1/128",
  "100::/64",
  "100:0:0:1::/64",
  "64:ff9b:1::/48",
  "2001:db8::/32",
  "3fff::/20",
  "5f00::/16",
  "2001::/23",
  "fc00::/7",
  "fe80::/10",
  "fec0::/10",
  "ff00::/8",
]);

/**
 * IPv6 prefixes that carry an IPv4 address a packet may end up at: IPv4-mapped (::ffff:0:0/96,
 * a dual-stack socket connects over IPv4), the well-known NAT64 prefix (64:ff9b::/96), the old
 * IPv4-compatible form (::/96) and 6to4 (2002::/16).
 */
const EMBEDS_IPV4 = addressList(["::ffff:0:0/96", "64:ff9b::/96", "::/96", "2002::/16"]);

/**
 * The only IPv6 space allocated for global unicast (RFC 4291, IANA). Anything outside it that is
 * not an IPv4 embedding is reserved or special-purpose: refused even when no list above names it
 * yet, so a range IANA sets aside tomorrow is not public here by omission.
 */
const GLOBAL_UNICAST_V6 = addressList(["2000::/3"]);

function embeddedIpv4(ip: string): string | null {
  if (isIP(ip) !== 6 || !listed(EMBEDS_IPV4, ip)) return null;
  // 2002::/16 (6to4) carries it in bits 16–48; the others in the last 32 bits.
  const groups = expandIpv6(ip);
  const [hi, lo] = ip.toLowerCase().startsWith("2002:") ? [groups[1]!, groups[2]!] : [groups[6]!, groups[7]!];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

function expandIpv6(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = text.replace(dotted[1]!, `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => parseInt(g || "0", 16));
}

/** Whether `address` is a public unicast address (IPv4, IPv6, or IPv4 embedded in IPv6). */
export function isPublicAddress(address: string): boolean {
  const ip = normalizeAddress(address);
  if (!ip) return false;
  if (listed(NON_PUBLIC, ip)) return false;
  const inner = embeddedIpv4(ip);
  if (inner !== null) return !listed(NON_PUBLIC, inner);
  return isIP(ip) === 4 || listed(GLOBAL_UNICAST_V6, ip);
}

export interface OutboundSettings {
  /**
   * DNS servers (`host:port`); when empty, the ones of the system's resolv.conf (through c-ares:
   * no /etc/hosts, no search domains, so a local receiver in development is given by its IP).
   */
  resolvers: readonly string[];
  /** Tests only: accept an address the guard would refuse (a local receiver on 127.0.0.1). */
  allowAddress?: (address: string) => boolean;
  /** Development and tests only: any port (a local receiver on its own); else the scheme's. */
  anyPort?: boolean;
  /** The whole exchange: DNS, connection, request and answer. */
  timeoutMs: number;
  /** Bytes of the answer's body read at most; the rest is never read. */
  maxBodyBytes: number;
}

/** Why a request was not made or not answered; a short code, stored and shown as it is. */
export class OutboundError extends Error {
  constructor(
    readonly code: "address_refused" | "dns_failed" | "timeout" | "connection_failed" | "bad_url",
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/**
 * Every address `hostname` resolves to (an IP literal is its own answer), within `timeoutMs`: a
 * resolver that never answers fails the lookup then (its queries cancelled).
 */
async function resolveAll(
  hostname: string,
  resolvers: readonly string[],
  timeoutMs: number,
): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return [bare];
  // c-ares, also without servers given (it reads the system's resolv.conf): unlike the system
  // resolver (getaddrinfo on one of libuv's four threads, which a deadline stops waiting for but
  // cannot free), its query is cancelled at the deadline, so a name server that never answers
  // cannot tie up the threads the web server's own file and DNS work runs on.
  const resolver = new Resolver({ timeout: Math.min(2_000, timeoutMs), tries: 2 });
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      resolver.cancel();
      reject(new OutboundError("dns_failed", "timeout"));
    }, timeoutMs);
  });
  try {
    if (resolvers.length > 0) resolver.setServers([...resolvers]);
    const lookup = Promise.all([
      resolver.resolve4(bare).catch(() => [] as string[]),
      resolver.resolve6(bare).catch(() => [] as string[]),
    ]).then(([v4, v6]) => [...v4, ...v6]);
    return await Promise.race([lookup, expired]);
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError("dns_failed", (error as { code?: string }).code);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address to connect to: every answer must be public (one private answer among public ones
 * refuses the name: which one a client picks is not ours to guess), and the first is used.
 */
export async function resolvePublicAddress(
  hostname: string,
  settings: OutboundSettings,
  timeoutMs: number = settings.timeoutMs,
): Promise<string> {
  const addresses = await resolveAll(hostname, settings.resolvers, timeoutMs);
  if (addresses.length === 0) throw new OutboundError("dns_failed", "no address");
  const allowed = (a: string) => isPublicAddress(a) || settings.allowAddress?.(a) === true;
  const refused = addresses.find((a) => !allowed(a));
  if (refused) throw new OutboundError("address_refused", refused);
  return addresses[0]!;
}

export interface OutboundAnswer {
  status: number;
  /** The first `maxBodyBytes` bytes of the body, as text. */
  body: string;
  durationMs: number;
}

/**
 * POSTs `body` to `url` over a connection to the checked address only. The Host header and
 * the TLS server name stay the URL's host, so certificates are checked against the name.
 */
export async function postToPublicAddress(
  url: URL,
  headers: Record<string, string>,
  body: string,
  settings: OutboundSettings,
): Promise<OutboundAnswer> {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundError("bad_url", url.protocol);
  // `URL` drops the scheme's default port: any port left is another one.
  if (url.port !== "" && !settings.anyPort) throw new OutboundError("bad_url", `port ${url.port}`);
  const started = performance.now();
  const address = await resolvePublicAddress(url.hostname, settings);
  // What the lookup left of the time (at least a millisecond: an expired budget times out at once).
  const remainingMs = Math.max(1, Math.round(settings.timeoutMs - (performance.now() - started)));
  const family = isIP(address);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const sent = performance.now();
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
        timeout: remainingMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          clearTimeout(deadline);
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, settings.maxBodyBytes).toString("utf8"),
            durationMs: Math.round(performance.now() - sent),
          });
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest of a large (or endless) answer is never taken in.
          if (size >= settings.maxBodyBytes) {
            response.destroy();
            finish();
          }
        });
        response.on("end", finish);
        response.on("error", finish);
      },
    );
    // The whole exchange, not only idle time: a receiver trickling bytes is cut all the same.
    const deadline = setTimeout(() => request.destroy(new OutboundError("timeout")), remainingMs);
    request.on("timeout", () => request.destroy(new OutboundError("timeout")));
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(
        error instanceof OutboundError ? error : new OutboundError("connection_failed", errorCode(error)),
      );
    });
    request.end(body);
  });
}

function errorCode(error: unknown): string {
  return (error as { code?: string }).code ?? (error instanceof Error ? error.message : "error");
}
