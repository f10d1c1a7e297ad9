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

/** The folder of a stored original: `…/media/<id>/original.jpg` → `…/media/<id>`. */
export function prefixOfKey(storageKey: string): string {
  return storageKey.slice(0, storageKey.lastIndexOf("/"));
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
