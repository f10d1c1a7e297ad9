/**
 * Download-all ZIPs stream through this process, each holding one object-store connection
 * for as long as its fan takes to read it (backpressure). A few slow readers, or one client
 * opening many, must not take every store connection the pages and uploads need: this many
 * streams at once per process, the next fan is asked to retry in a moment.
 *
 * A company has a share of them, not all (issue #34, row 11: six slow readers on one tenant's
 * gallery made every tenant's "Download all" answer 429): one tenant's crowd, or someone aiming
 * at one tenant, leaves the other half of the slots to every other tenant. A slot is held from
 * the GET until its stream ends, fails, is cancelled or is cut for idling
 * (lib/features/engagement/download-all.ts).
 */
export const MAX_ZIP_STREAMS = 6;
export const MAX_ZIP_STREAMS_PER_COMPANY = 3;

export interface ZipSlotLimits {
  /** Streams at once in this process. */
  perProcess: number;
  /** Streams at once of one company's galleries in this process. */
  perCompany: number;
}

export const ZIP_SLOT_LIMITS: ZipSlotLimits = {
  perProcess: MAX_ZIP_STREAMS,
  perCompany: MAX_ZIP_STREAMS_PER_COMPANY,
};

let inFlight = 0;
const byCompany = new Map<string, number>();

/** A slot for one ZIP stream of the company's and its release (idempotent), or null when none is free. */
export function reserveZipSlot(
  companyId: string,
  limits: ZipSlotLimits = ZIP_SLOT_LIMITS,
): (() => void) | null {
  const mine = byCompany.get(companyId) ?? 0;
  if (inFlight >= limits.perProcess || mine >= limits.perCompany) return null;
  inFlight++;
  byCompany.set(companyId, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight--;
    const left = (byCompany.get(companyId) ?? 1) - 1;
    if (left > 0) byCompany.set(companyId, left);
    else byCompany.delete(companyId);
  };
}

/** ZIP streams open in this process now (of one company's galleries when given). */
export const zipStreamsInFlight = (companyId?: string): number =>
  companyId === undefined ? inFlight : (byCompany.get(companyId) ?? 0);
