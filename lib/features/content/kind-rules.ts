import { ACCEPT_ATTRIBUTE, FILE_TYPE_RULES, fileTypeRule } from "@/lib/platform/media/file-types";
import type { ContentKind, MediaKind } from "@/lib/generated/prisma/enums";

/**
 * Which files a content kind takes. A photo gallery is photos only (issue #18: an MP3 in it
 * made a "gallery" that was not one, and its card counted the track); singles and video
 * galleries keep the general upload rules. No server-only import: the upload forms check a
 * file with the same rule before asking for an upload URL, and `createUpload` checks again.
 */
const ONLY: Partial<Record<ContentKind, readonly MediaKind[]>> = { photo_gallery: ["photo"] };

/** The message when a file does not fit the content's kind. */
export const KIND_MISMATCH = "content.errors.galleryOnlyPhotos";

export function acceptsMediaKind(contentKind: ContentKind, mediaKind: MediaKind): boolean {
  const only = ONLY[contentKind];
  return !only || only.includes(mediaKind);
}

/** Whether a file (by its browser type and name) fits the kind; an unknown type is left to the upload rules. */
export function acceptsFile(contentKind: ContentKind, file: { type: string; name: string }): boolean {
  const rule = fileTypeRule(file.type, file.name);
  return !rule || acceptsMediaKind(contentKind, rule.kind);
}

/** The file input's `accept` for the kind. */
export function acceptAttributeFor(contentKind: ContentKind): string {
  const only = ONLY[contentKind];
  if (!only) return ACCEPT_ATTRIBUTE;
  return Object.values(FILE_TYPE_RULES)
    .filter((r) => only.includes(r.kind))
    .flatMap((r) => [r.mime, `.${r.ext}`])
    .join(",");
}

/**
 * The media a content shows, in order. A single's cover is a separate picture (an audio
 * track's artwork, a PDF's poster): it is left out of the list when another file is the
 * content itself.
 */
export function displayMedia<T extends { id: string }>(content: {
  kind: string;
  coverMediaId: string | null;
  mediaFiles: T[];
}): T[] {
  if (content.kind !== "single" || content.mediaFiles.length < 2) return content.mediaFiles;
  const rest = content.mediaFiles.filter((m) => m.id !== content.coverMediaId);
  return rest.length > 0 ? rest : content.mediaFiles;
}
