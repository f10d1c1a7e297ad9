/**
 * Download-all ZIPs stream through this process, each holding one object-store connection
 * for as long as its fan takes to read it (backpressure). A few slow readers, or one client
 * opening many, must not take every store connection the pages and uploads need: this many
 * streams at once per process, the next fan is asked to retry in a moment.
 *
 * A company has a share of them, not all (issue #34, row 11: six slow readers on one tenant's
 * gallery made every tenant's "Download all" answer 429): one tenant's crowd, or someone aiming
 * at one tenant, leaves the other half of the slots to every other tenant. And one client
 * address has a smaller share still, so taking a company's share, or the process's, needs
 * several addresses (each of which must also keep reading at the minimum rate of
 * download-all.ts). A slot is held from the GET until its stream ends, fails, is cancelled or is
 * cut for idling or crawling (lib/features/engagement/download-all.ts).
 */
export const MAX_ZIP_STREAMS = 6;
export const MAX_ZIP_STREAMS_PER_COMPANY = 3;
/**
 * Two, not one: a fan may start a second gallery's ZIP before the first one ends, and two phones
 * of one household share an address. Fewer than a company's share, so one address alone never
 * blocks a tenant. Per address as the one client-address function sees it
 * (lib/core/rate-limit/client-ip.ts: IPv6 grouped by /64); requests whose address cannot be
 * trusted share one share among them rather than having none.
 */
export const MAX_ZIP_STREAMS_PER_CLIENT = 2;

export interface ZipSlotLimits {
  /** Streams at once in this process. */
  perProcess: number;
  /** Streams at once of one company's galleries in this process. */
  perCompany: number;
  /** Streams at once to one client address in this process. */
  perClient: number;
}

export const ZIP_SLOT_LIMITS: ZipSlotLimits = {
  perProcess: MAX_ZIP_STREAMS,
  perCompany: MAX_ZIP_STREAMS_PER_COMPANY,
  perClient: MAX_ZIP_STREAMS_PER_CLIENT,
};

/** Who a stream is for: the gallery's company and the client's address key (a keyed hash, or "unknown"). */
export interface ZipSlotHolder {
  companyId: string;
  clientKey: string;
}

export type ZipSlot =
  | { ok: true; /** Idempotent. */ release: () => void }
  /** `client`: this address holds its share; `busy`: the process's or the company's are taken. */
  | { ok: false; reason: "client" | "busy" };

/** Slots counted per process, company and client address (one pool per kind of stream). */
export function createSlotPool() {
  let inFlight = 0;
  const byCompany = new Map<string, number>();
  const byClient = new Map<string, number>();
  const taken = (counts: Map<string, number>, key: string) => counts.get(key) ?? 0;
  function giveBack(counts: Map<string, number>, key: string): void {
    const left = taken(counts, key) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  }
  return {
    /** A slot for one stream, or why there is none. */
    reserve(holder: ZipSlotHolder, limits: ZipSlotLimits): ZipSlot {
      const { companyId, clientKey } = holder;
      // The address's own share first: its holder is told to finish a download, not to retry soon.
      if (taken(byClient, clientKey) >= limits.perClient) return { ok: false, reason: "client" };
      if (inFlight >= limits.perProcess || taken(byCompany, companyId) >= limits.perCompany) {
        return { ok: false, reason: "busy" };
      }
      inFlight++;
      byCompany.set(companyId, taken(byCompany, companyId) + 1);
      byClient.set(clientKey, taken(byClient, clientKey) + 1);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          inFlight--;
          giveBack(byCompany, companyId);
          giveBack(byClient, clientKey);
        },
      };
    },
    /** Streams open in this process now (of one company's when given). */
    inFlight: (companyId?: string): number =>
      companyId === undefined ? inFlight : taken(byCompany, companyId),
    /** Streams open in this process now to one client address key. */
    ofClient: (clientKey: string): number => taken(byClient, clientKey),
  };
}

const zipSlots = createSlotPool();

/** A slot for one ZIP stream, or why there is none. */
export function reserveZipSlot(holder: ZipSlotHolder, limits: ZipSlotLimits = ZIP_SLOT_LIMITS): ZipSlot {
  return zipSlots.reserve(holder, limits);
}

/** ZIP streams open in this process now (of one company's galleries when given). */
export const zipStreamsInFlight = (companyId?: string): number => zipSlots.inFlight(companyId);

/** ZIP streams open in this process now to one client address key. */
export const zipStreamsOfClient = (clientKey: string): number => zipSlots.ofClient(clientKey);
