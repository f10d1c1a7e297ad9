import { Resolver } from "node:dns/promises";
import type { Observation, RoutingSeen, TxtSeen } from "@/lib/features/domains/state-machine";

/**
 * What DNS says about a domain, through `node:dns`'s resolver (c-ares, UDP) on the configured
 * servers (DNS_RESOLVERS; the system's when empty). Only ever queries host names stored after
 * validation (`hostname.ts`), never fetches anything from them.
 */

const NOT_FOUND = new Set(["ENOTFOUND"]);
const NO_DATA = new Set(["ENODATA"]);

export interface LookupTarget {
  hostname: string;
  /** The app's host: a CNAME to it, or the same A/AAAA answers, routes the domain to the app. */
  appHost: string;
  /** Extra addresses that count as the app (APP_PUBLIC_IPV4). */
  appAddresses: readonly string[];
  /** The TXT record that proves ownership (custom domains), with its expected value. */
  txt?: { name: string; value: string };
}

export function createResolver(servers: readonly string[], timeoutMs = 2_000): Resolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

type Answer<T> = { kind: "answer"; values: T[] } | { kind: "nxdomain" } | { kind: "nodata" };

class ResolverFailure extends Error {}

async function query<T>(run: () => Promise<T[]>): Promise<Answer<T>> {
  try {
    const values = await run();
    return values.length ? { kind: "answer", values } : { kind: "nodata" };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (NOT_FOUND.has(code)) return { kind: "nxdomain" };
    if (NO_DATA.has(code)) return { kind: "nodata" };
    throw new ResolverFailure(code || String(error));
  }
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, "");
const values = <T>(answer: Answer<T>): T[] => (answer.kind === "answer" ? answer.values : []);

/** The app host's own addresses, plus the configured public IPv4. */
async function appAddresses(resolver: Resolver, target: LookupTarget): Promise<Set<string>> {
  const [v4, v6] = await Promise.all([
    query(() => resolver.resolve4(target.appHost)),
    query(() => resolver.resolve6(target.appHost)),
  ]);
  return new Set([...values(v4), ...values(v6), ...target.appAddresses]);
}

async function routingOf(
  resolver: Resolver,
  target: LookupTarget,
): Promise<{ routing: RoutingSeen; nxdomain: boolean }> {
  const [cname, v4, v6] = await Promise.all([
    query(() => resolver.resolveCname(target.hostname)),
    query(() => resolver.resolve4(target.hostname)),
    query(() => resolver.resolve6(target.hostname)),
  ]);
  const app = bare(target.appHost);
  if (values(cname).some((c) => bare(c) === app)) return { routing: "ok", nxdomain: false };
  const addresses = [...values(v4), ...values(v6)];
  const nxdomain = [cname, v4, v6].every((a) => a.kind === "nxdomain");
  if (addresses.length === 0) {
    // A CNAME elsewhere that resolves to nothing is still a record pointing elsewhere.
    return { routing: values(cname).length ? "wrong" : "missing", nxdomain };
  }
  const known = await appAddresses(resolver, target);
  const matching = addresses.filter((a) => known.has(a)).length;
  const routing: RoutingSeen = matching === addresses.length ? "ok" : matching > 0 ? "partial" : "wrong";
  return { routing, nxdomain: false };
}

async function txtOf(resolver: Resolver, txt: NonNullable<LookupTarget["txt"]>): Promise<TxtSeen> {
  const answer = await query(() => resolver.resolveTxt(txt.name));
  const records = values(answer).map((chunks) => chunks.join(""));
  if (records.length === 0) return "missing";
  return records.some((r) => r.trim() === txt.value) ? "ok" : "wrong";
}

/** One look at a domain's records, as the state machine reads it. */
export async function observeDomain(resolver: Resolver, target: LookupTarget): Promise<Observation> {
  try {
    const [routing, txt] = await Promise.all([
      routingOf(resolver, target),
      target.txt ? txtOf(resolver, target.txt) : Promise.resolve(undefined),
    ]);
    return { kind: "dns", routing: routing.routing, nxdomain: routing.nxdomain, ...(txt ? { txt } : {}) };
  } catch (error) {
    if (error instanceof ResolverFailure) return { kind: "resolverError" };
    throw error;
  }
}
