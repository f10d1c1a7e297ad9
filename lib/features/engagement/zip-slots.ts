/**
 * Download-all ZIPs stream through this process, each holding one object-store connection
 * for as long as its fan takes to read it (backpressure). A few slow readers, or one client
 * opening many, must not take every store connection the pages and uploads need: this many
 * streams at once per process, the next fan is asked to retry in a moment.
 */
export const MAX_ZIP_STREAMS = 6;

let inFlight = 0;

/** A slot for one ZIP stream and its release (idempotent), or null when all are taken. */
export function reserveZipSlot(max: number = MAX_ZIP_STREAMS): (() => void) | null {
  if (inFlight >= max) return null;
  inFlight++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight--;
  };
}

/** ZIP streams open in this process now. */
export const zipStreamsInFlight = (): number => inFlight;
