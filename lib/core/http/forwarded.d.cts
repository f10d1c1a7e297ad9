/** Declarations of forwarded.cjs (CommonJS, so that server/client-address-preload.mjs loads it too). */
import type { BlockList } from "node:net";

export interface UntrustedProxy {
  /** The local address that sent forwarded headers without being trusted. */
  address: string;
  /** The first forwarded header it sent (`x-forwarded-for`, `forwarded`, `x-forwarded-proto`). */
  header: string;
  /** When this process first saw it (ISO 8601). */
  at: string;
}

export interface SettleOptions {
  trustProxy: boolean;
  trustedProxies: readonly string[];
  warn?: (message: string) => void;
  /** Called with the record of a new sighting, for the other web processes (server/cluster.cjs). */
  share?: (record: UntrustedProxy) => void;
}

export function normalizeAddress(value: unknown): string | null;
export function addressList(entries: readonly string[]): BlockList;
export function listed(list: BlockList, ip: string): boolean;
export function parseTrustedProxies(value: string | undefined): string[];
export function proxyList(entries: readonly string[]): BlockList;
export function isLocalAddress(ip: string): boolean;
export function untrustedProxySeen(): UntrustedProxy | null;
export function recordUntrustedProxy(record: unknown): boolean;
export function untrustedProxyWarning(address: string): string;
export function settleForwarded(
  headers: Record<string, string | string[] | undefined>,
  socket: { remoteAddress?: string; encrypted?: boolean } | null | undefined,
  options: SettleOptions,
): { https: boolean };
export const UNTRUSTED_PROXY: unique symbol;
