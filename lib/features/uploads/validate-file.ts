import { AppError } from "@/lib/core/errors";
import type { PlanTier } from "@/lib/generated/prisma/enums";
import {
  fileTypeRule,
  hasBlockedExtension,
  isPlanLimitedKind,
  type FileTypeRule,
} from "@/lib/platform/media/file-types";
import { formatBytes } from "@/lib/core/format";
import { IMAGE_DOCUMENT_MAX_BYTES, planLimits } from "@/lib/platform/plans/limits";

export interface FileClaim {
  fileName: string;
  /** As the browser declared it; may be empty. */
  contentType: string;
  size: number;
}

/** i18n keys of the upload rules (texts in messages/*.json, `uploads.errors`). */
export const UPLOAD_ERRORS = {
  /** "File type not allowed for security reasons" */
  blockedExtension: "uploads.errors.blockedExtension",
  /** "File type not allowed" */
  typeNotAllowed: "uploads.errors.typeNotAllowed",
  /** "File size must be less than 10MB" */
  fileTooLarge: "uploads.errors.fileTooLarge",
  /** "File size must be less than {limit}" (video and audio, by plan) */
  fileTooLargeForPlan: "uploads.errors.fileTooLargeForPlan",
  emptyFile: "uploads.errors.emptyFile",
  /** The bytes are not what the type claims. */
  contentMismatch: "uploads.errors.contentMismatch",
  sizeMismatch: "uploads.errors.sizeMismatch",
  imageTooLarge: "uploads.errors.imageTooLarge",
  incomplete: "uploads.errors.incomplete",
  notFound: "uploads.errors.notFound",
  notUploading: "uploads.errors.notUploading",
  bannerMustBeImage: "uploads.errors.bannerMustBeImage",
  logoMustBeImage: "settings.branding.logo.mustBeImage",
} as const;

/**
 * The checks of spec §5 on what the browser announces, before any byte is stored, in this
 * order: a dangerous extension, a type outside the list, then the size (10 MB for images and
 * documents, the plan's per-file limit for video and audio). Throws AppError with the rule's message.
 */
export function validateFileClaim(claim: FileClaim, plan: PlanTier): FileTypeRule {
  if (hasBlockedExtension(claim.fileName)) throw new AppError("validation", UPLOAD_ERRORS.blockedExtension);
  const rule = fileTypeRule(claim.contentType, claim.fileName);
  if (!rule) throw new AppError("validation", UPLOAD_ERRORS.typeNotAllowed);
  if (claim.size <= 0) throw new AppError("validation", UPLOAD_ERRORS.emptyFile);
  if (isPlanLimitedKind(rule.kind)) {
    const limit = planLimits(plan).mediaFileBytes;
    if (claim.size > limit) {
      throw new AppError("validation", UPLOAD_ERRORS.fileTooLargeForPlan, {
        values: { limit: formatBytes(limit) },
      });
    }
  } else if (claim.size > IMAGE_DOCUMENT_MAX_BYTES) {
    throw new AppError("validation", UPLOAD_ERRORS.fileTooLarge);
  }
  return rule;
}

/** A file name safe to keep and show: no folders, no control characters, at most 255 characters. */
export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "file").slice(0, 255);
}
