import type { Prisma } from "@/lib/generated/prisma/client";
import type { MediaSettings } from "@/lib/platform/media/settings";
import type { StoredVariant } from "@/lib/platform/media/variants";

/** i18n keys stored in `MediaFile.processingError` (texts under `media.errors`). */
export const MEDIA_ERRORS = {
  unreadable: "media.errors.unreadable",
  imageTooLarge: "media.errors.imageTooLarge",
  processingFailed: "media.errors.processingFailed",
  /** Set on a `ready` video or audio whose playback rendition failed: the original plays instead. */
  transcodeFailed: "media.errors.transcodeFailed",
} as const;

/** A failure that retrying cannot fix (the bytes are bad): the media goes straight to `failed`. */
export class PermanentMediaError extends Error {
  constructor(
    readonly messageKey: string,
    detail?: string,
  ) {
    super(detail ? `${messageKey}: ${detail}` : messageKey);
    this.name = "PermanentMediaError";
  }
}

export const processedSelect = {
  id: true,
  companyId: true,
  contentId: true,
  kind: true,
  state: true,
  storageKey: true,
  mimeType: true,
  sizeBytes: true,
  variants: true,
} satisfies Prisma.MediaFileSelect;

export type MediaRow = Prisma.MediaFileGetPayload<{ select: typeof processedSelect }>;

/** What a processor produced, committed by `processMedia`. */
export interface ProcessorResult {
  data: Prisma.MediaFileUpdateManyMutationInput;
  variants: StoredVariant[];
  /** A photo's copy for fans' downloads (lib/platform/media/download-copy.ts), not counted in the quota. */
  download?: { key: string; bytes: number };
  /** Objects written, deleted again if the media vanished meanwhile. */
  written: string[];
}

/** One processor per media kind (`lib/platform/media/processors/<kind>.ts`). */
export type MediaProcessor = (media: MediaRow, settings: MediaSettings) => Promise<ProcessorResult>;
