import type { MediaKind } from "@/lib/generated/prisma/enums";

/**
 * The upload rules of spec §5, as data. Keys are canonical MIME types; the browser's
 * aliases (`audio/x-wav`, `audio/x-m4a` …) are folded into them first. Stored objects get
 * an extension derived from the type, never from the user's file name.
 */
export type SniffedFamily =
  "jpeg" | "png" | "gif" | "webp" | "pdf" | "isobmff" | "webm" | "mp3" | "wav" | "ogg";

export interface FileTypeRule {
  mime: string;
  kind: MediaKind;
  /** Extension of the stored original. */
  ext: string;
  /** What the first bytes of the file must look like. */
  family: SniffedFamily;
}

const rule = (mime: string, kind: MediaKind, ext: string, family: SniffedFamily): FileTypeRule => ({
  mime,
  kind,
  ext,
  family,
});

export const FILE_TYPE_RULES: Readonly<Record<string, FileTypeRule>> = {
  "image/jpeg": rule("image/jpeg", "photo", "jpg", "jpeg"),
  "image/png": rule("image/png", "photo", "png", "png"),
  "image/gif": rule("image/gif", "photo", "gif", "gif"),
  "image/webp": rule("image/webp", "photo", "webp", "webp"),
  "application/pdf": rule("application/pdf", "document", "pdf", "pdf"),
  "video/mp4": rule("video/mp4", "video", "mp4", "isobmff"),
  "video/webm": rule("video/webm", "video", "webm", "webm"),
  "audio/mpeg": rule("audio/mpeg", "audio", "mp3", "mp3"),
  "audio/mp4": rule("audio/mp4", "audio", "m4a", "isobmff"),
  "audio/wav": rule("audio/wav", "audio", "wav", "wav"),
  "audio/ogg": rule("audio/ogg", "audio", "ogg", "ogg"),
};

const ALIASES: Readonly<Record<string, string>> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "audio/mp3": "audio/mpeg",
  "audio/x-mp3": "audio/mpeg",
  "audio/x-mpeg": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "application/ogg": "audio/ogg",
};

/** When the browser sends no type (unknown to the OS), the extension decides. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jpe: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
};

/** Names ending in these are refused outright (spec §5), whatever type they claim. */
export const BLOCKED_EXTENSIONS: readonly string[] = ["exe", "bat", "cmd", "scr", "pif", "js", "jar"];

/** The accept attribute for file inputs: every allowed type and extension. */
export const ACCEPT_ATTRIBUTE = [
  ...Object.keys(FILE_TYPE_RULES),
  ...Object.keys(BY_EXTENSION).map((ext) => `.${ext}`),
].join(",");

/**
 * The file name's extension, lower-cased, ignoring trailing dots and spaces (Windows drops
 * them, so `evil.exe.` would still run as an .exe).
 */
export function fileExtension(fileName: string): string {
  const name = fileName.trim().replace(/[. ]+$/, "");
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : "";
}

export function hasBlockedExtension(fileName: string): boolean {
  return BLOCKED_EXTENSIONS.includes(fileExtension(fileName));
}

/** `Audio/X-WAV; codecs=1` → `audio/wav`. */
export function canonicalMime(contentType: string): string {
  const bare = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return ALIASES[bare] ?? bare;
}

/** The rule for a declared type (or, with no type, for the name's extension); null when not allowed. */
export function fileTypeRule(contentType: string, fileName: string): FileTypeRule | null {
  const mime = canonicalMime(contentType) || BY_EXTENSION[fileExtension(fileName)] || "";
  return FILE_TYPE_RULES[mime] ?? null;
}

/** Images and documents are capped at 10 MB; video and audio by the plan. */
export function isPlanLimitedKind(kind: MediaKind): boolean {
  return kind === "video" || kind === "audio";
}
