import {
  createSlotPool,
  type ZipSlot,
  type ZipSlotHolder,
  type ZipSlotLimits,
} from "@/lib/features/engagement/zip-slots";

/**
 * MP4/MOV/M4A files streamed through this process without their metadata (cleaned-file.ts: a
 * fan's download after the lead form, the public route's `original`), each holding one
 * object-store connection while its reader takes the bytes: slots like the ZIP's (zip-slots.ts,
 * issue #34 review M3), in a pool of their own so videos and ZIPs do not take each other's.
 * Two per address, as for ZIPs: a player may open a second range request while the first is
 * still open, and two phones of one household share an address.
 */
export const VIDEO_SLOT_LIMITS: ZipSlotLimits = { perProcess: 8, perCompany: 4, perClient: 2 };

/** Seconds a fan refused a slot is asked to wait. */
export const VIDEO_BUSY_RETRY_SECONDS = 10;

const videoSlots = createSlotPool();

export function reserveVideoSlot(holder: ZipSlotHolder, limits: ZipSlotLimits = VIDEO_SLOT_LIMITS): ZipSlot {
  return videoSlots.reserve(holder, limits);
}

/** Video streams open in this process now (of one company's when given). */
export const videoStreamsInFlight = (companyId?: string): number => videoSlots.inFlight(companyId);
