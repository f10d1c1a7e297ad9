import { randomBytes } from "node:crypto";

/**
 * Object keys of a media item. Everything the platform stores for one upload lives under
 * `companies/<companyId>/media/<mediaId>/`: the original, its renditions and a poster. Keys
 * are built from server-generated ids only; the user's file name never reaches a key.
 */
export function newMediaId(): string {
  return `m${randomBytes(12).toString("hex")}`;
}

export function mediaPrefix(companyId: string, mediaId: string): string {
  return `companies/${companyId}/media/${mediaId}`;
}

export function originalKey(companyId: string, mediaId: string, ext: string): string {
  return `${mediaPrefix(companyId, mediaId)}/original.${ext}`;
}

/**
 * Where a single presigned PUT writes. Nothing reads it once the upload is complete: the
 * verified bytes are copied to `movedOriginalKey` (issue #12, hole 7: the URL stays valid
 * until it expires, so bytes PUT to it later must land where nobody looks).
 */
export function uploadKey(companyId: string, mediaId: string, ext: string): string {
  return `${mediaPrefix(companyId, mediaId)}/upload.${ext}`;
}

function extOfKey(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  return name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "bin";
}

/** The upload key of the media folder holding `storageKey` (for the sweep of stray PUTs). */
export function uploadKeyOf(storageKey: string): string {
  return `${prefixOfKey(storageKey)}/upload.${extOfKey(storageKey)}`;
}

/**
 * A fresh key for the verified original of an upload stored at `sourceKey`, one per
 * completion attempt: no URL was ever signed for it, and two racing completions never write
 * the same object.
 */
export function movedOriginalKey(sourceKey: string): string {
  return `${prefixOfKey(sourceKey)}/original-${randomBytes(6).toString("hex")}.${extOfKey(sourceKey)}`;
}

/** A copy left in a media folder by an interrupted completion or a PUT after it. */
export function isStrayUploadObject(key: string, storageKey: string): boolean {
  if (key === storageKey || prefixOfKey(key) !== prefixOfKey(storageKey)) return false;
  const name = key.slice(key.lastIndexOf("/") + 1);
  return /^upload\.[a-z0-9]+$/.test(name) || /^original-[0-9a-f]{12}\.[a-z0-9]+$/.test(name);
}

/** The folder of a stored original: `…/media/<id>/original.jpg` → `…/media/<id>`. */
export function prefixOfKey(storageKey: string): string {
  return storageKey.slice(0, storageKey.lastIndexOf("/"));
}

/** Where a photo's copy for fans' downloads is written (lib/platform/media/download-copy.ts). */
export function downloadCopyKeyOf(storageKey: string): string {
  return `${prefixOfKey(storageKey)}/download.${extOfKey(storageKey)}`;
}

export function posterKeyOf(storageKey: string): string {
  return `${prefixOfKey(storageKey)}/poster.jpg`;
}

const KEY_PATTERN = /^companies\/([^/]+)\/media\/([^/]+)\//;

/** The company and media ids a media key belongs to; null for anything else. */
export function parseMediaKey(key: string): { companyId: string; mediaId: string } | null {
  const match = KEY_PATTERN.exec(key);
  return match?.[1] && match[2] ? { companyId: match[1], mediaId: match[2] } : null;
}
