import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  canonicalMime,
  fileExtension,
  fileTypeRule,
  hasBlockedExtension,
} from "@/lib/platform/media/file-types";
import {
  isStrayUploadObject,
  movedOriginalKey,
  newMediaId,
  originalKey,
  parseMediaKey,
  posterKeyOf,
  prefixOfKey,
  uploadKey,
  uploadKeyOf,
} from "@/lib/platform/media/keys";
import { id3TagEnd, sniffFamily, startsWithAudioFrame } from "@/lib/platform/media/sniff";
import { formatBytes, GB, MB, planLimits } from "@/lib/platform/plans/limits";
import { partLength, partPlan } from "@/lib/features/uploads/part-plan";
import { cleanFileName, validateFileClaim } from "@/lib/features/uploads/validate-file";
import { encodeWav } from "@/scripts/lib/demo-audio";
import { buildPdf } from "@/scripts/lib/demo-pdf";
import { loadVideoFixture } from "@/scripts/lib/demo-video";

describe("file names and types", () => {
  it("reads extensions the way an OS runs them", () => {
    expect(fileExtension("photo.JPG")).toBe("jpg");
    expect(fileExtension("archive.tar.gz")).toBe("gz");
    expect(fileExtension("evil.exe. . ")).toBe("exe");
    expect(fileExtension("C:\\Users\\me\\x.bat")).toBe("bat");
    expect(fileExtension("README")).toBe("");
    expect(fileExtension(".js")).toBe("js");
  });
  it("blocks the spec's dangerous extensions only", () => {
    for (const name of ["a.exe", "a.bat", "a.cmd", "a.scr", "a.pif", "a.js", "a.jar", "A.JAR"]) {
      expect(hasBlockedExtension(name), name).toBe(true);
    }
    for (const name of ["a.json", "a.jpg", "exe.png", "a.jsx.pdf"])
      expect(hasBlockedExtension(name), name).toBe(false);
  });
  it("folds browser aliases and infers a missing type from the extension", () => {
    expect(canonicalMime("Audio/X-WAV; codecs=1")).toBe("audio/wav");
    expect(fileTypeRule("audio/x-m4a", "a.m4a")).toMatchObject({
      mime: "audio/mp4",
      kind: "audio",
      ext: "m4a",
    });
    expect(fileTypeRule("", "song.mp3")).toMatchObject({ mime: "audio/mpeg" });
    expect(fileTypeRule("", "notes.txt")).toBeNull();
    expect(fileTypeRule("image/svg+xml", "a.svg")).toBeNull();
  });
  it("keeps a clean display name", () => {
    expect(cleanFileName("../../a\u0000b.jpg")).toBe("ab.jpg");
    expect(cleanFileName("   ")).toBe("file");
    expect(cleanFileName("x".repeat(300))).toHaveLength(255);
  });
});

describe("upload rules by plan", () => {
  it("caps images and documents at 10 MB and media by plan", () => {
    const claim = (fileName: string, contentType: string, size: number) => ({ fileName, contentType, size });
    expect(() => validateFileClaim(claim("a.jpg", "image/jpeg", 10 * MB + 1), "enterprise")).toThrow(
      "uploads.errors.fileTooLarge",
    );
    expect(validateFileClaim(claim("a.mp4", "video/mp4", 2 * GB), "professional").kind).toBe("video");
    expect(() => validateFileClaim(claim("a.mp4", "video/mp4", 2 * GB + 1), "premium")).toThrow(
      "uploads.errors.fileTooLargeForPlan",
    );
    expect(validateFileClaim(claim("a.wav", "audio/wav", 10 * GB), "enterprise").kind).toBe("audio");
    expect(() => validateFileClaim(claim("a.wav", "audio/wav", 201 * MB), "basic")).toThrow(
      "uploads.errors.fileTooLargeForPlan",
    );
    expect(() => validateFileClaim(claim("a.exe", "image/jpeg", 1), "enterprise")).toThrow(
      "uploads.errors.blockedExtension",
    );
    expect(() => validateFileClaim(claim("a.jpg", "image/jpeg", 0), "starter")).toThrow(
      "uploads.errors.emptyFile",
    );
  });
  it("maps the five plan names to three sets of limits", () => {
    expect(planLimits("starter")).toEqual({
      storageBytes: BigInt(GB),
      photosPerEvent: 50,
      mediaFileBytes: 200 * MB,
      translationCharsPerMonth: 30_000,
    });
    expect(planLimits("basic")).toEqual(planLimits("starter"));
    expect(planLimits("premium")).toEqual(planLimits("professional"));
    expect(planLimits("professional")).toMatchObject({
      storageBytes: 50n * BigInt(GB),
      photosPerEvent: null,
    });
    expect(planLimits("enterprise")).toMatchObject({
      storageBytes: 500n * BigInt(GB),
      mediaFileBytes: 10 * GB,
    });
    expect(formatBytes(200 * MB)).toBe("200 MB");
    expect(formatBytes(1.5 * GB)).toBe("1.5 GB");
  });
});

describe("multipart plan", () => {
  it("uses the configured part size, growing it past 10,000 parts", () => {
    expect(partPlan(12 * MB, 8 * MB)).toEqual({ partSize: 8 * MB, partCount: 2 });
    expect(partPlan(10 * GB, 8 * MB)).toEqual({ partSize: 8 * MB, partCount: 1280 });
    const huge = partPlan(200 * GB, 8 * MB);
    expect(huge.partCount).toBeLessThanOrEqual(10_000);
    expect(huge.partSize % MB).toBe(0);
    expect(partLength(12 * MB, 8 * MB, 2)).toBe(4 * MB);
  });
});

describe("storage keys", () => {
  it("are built from ids only, and parse back", () => {
    const id = newMediaId();
    expect(id).toMatch(/^m[0-9a-f]{24}$/);
    const key = originalKey("c1", id, "jpg");
    expect(key).toBe(`companies/c1/media/${id}/original.jpg`);
    expect(prefixOfKey(key)).toBe(`companies/c1/media/${id}`);
    expect(posterKeyOf(key)).toBe(`companies/c1/media/${id}/poster.jpg`);
    expect(parseMediaKey(key)).toEqual({ companyId: "c1", mediaId: id });
    expect(parseMediaKey("elsewhere/x")).toBeNull();
  });

  it("keep a single upload's key apart from the verified original's, and know strays", () => {
    const id = newMediaId();
    const upload = uploadKey("c1", id, "jpg");
    expect(upload).toBe(`companies/c1/media/${id}/upload.jpg`);
    const moved = movedOriginalKey(upload);
    expect(moved).toMatch(new RegExp(`^companies/c1/media/${id}/original-[0-9a-f]{12}\\.jpg$`));
    expect(movedOriginalKey(upload)).not.toBe(moved);
    expect(uploadKeyOf(moved)).toBe(upload);
    expect(isStrayUploadObject(upload, moved)).toBe(true);
    expect(isStrayUploadObject(movedOriginalKey(upload), moved)).toBe(true);
    expect(isStrayUploadObject(moved, moved)).toBe(false);
    expect(isStrayUploadObject(`companies/c1/media/${id}/w640.avif`, moved)).toBe(false);
    expect(isStrayUploadObject(`companies/c1/media/${id}/poster.jpg`, moved)).toBe(false);
    expect(isStrayUploadObject(`companies/c1/media/other/upload.jpg`, moved)).toBe(false);
  });
});

describe("content sniffing", () => {
  it("recognises every accepted format from its first bytes", async () => {
    const pixel = sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } });
    expect(sniffFamily(await pixel.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffFamily(await pixel.clone().png().toBuffer())).toBe("png");
    expect(sniffFamily(await pixel.clone().gif().toBuffer())).toBe("gif");
    expect(sniffFamily(await pixel.clone().webp().toBuffer())).toBe("webp");
    expect(sniffFamily(buildPdf({ title: "x", lines: [] }))).toBe("pdf");
    expect(sniffFamily((await loadVideoFixture()).mp4)).toBe("isobmff");
    expect(sniffFamily(encodeWav(new Float32Array(10), 8000))).toBe("wav");
    expect(sniffFamily(Buffer.from("OggS\0\x02"))).toBe("ogg");
    const frame = [0xff, 0xfb, 0x90, 0x64];
    expect(sniffFamily(Buffer.from([...Buffer.from("ID3\x04\0\0\0\0\0\0"), ...frame]))).toBe("mp3");
    // Padding zeros inside the tag, then the frame.
    expect(sniffFamily(Buffer.from([...Buffer.from("ID3\x04\0\0\0\0\0\x04\0\0\0\0"), ...frame]))).toBe("mp3");
    expect(sniffFamily(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe("mp3"); // MPEG-1 Layer III frame
    const webm = Buffer.from([
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x86,
      0x81,
      0x01,
      0x42,
      0x82,
      0x84,
      ...Buffer.from("webm"),
    ]);
    expect(sniffFamily(webm)).toBe("webm");
  });
  it("refuses an ID3 tag that is not followed by an audio frame (an HLS playlist behind one)", () => {
    const playlist =
      "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://169.254.169.254/latest\n#EXT-X-ENDLIST\n";
    expect(sniffFamily(Buffer.from(`ID3\x03\0\0\0\0\0\0${playlist}`))).toBeNull();
    expect(sniffFamily(Buffer.from("ID3\x03\0\0\0\0\x80\0" + playlist))).toBeNull(); // not syncsafe
    // A tag longer than the head: the caller reads past it and checks what follows.
    const long = Buffer.from("ID3\x03\0\0\0\x01\0\0");
    expect(id3TagEnd(long)).toBe(10 + 128 * 128);
    expect(startsWithAudioFrame(Buffer.from(playlist))).toBe(false);
    expect(startsWithAudioFrame(Buffer.from([0, 0, 0xff, 0xfb, 0x90, 0x64]))).toBe(true);
  });
  it("refuses look-alikes and everything else", () => {
    expect(sniffFamily(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBeNull(); // AAC (ADTS), not MP3
    expect(sniffFamily(Buffer.from("MZ\x90\0"))).toBeNull(); // Windows executable
    expect(sniffFamily(Buffer.from("PK\x03\x04"))).toBeNull(); // zip / jar
    expect(sniffFamily(Buffer.from("<svg xmlns="))).toBeNull();
    expect(sniffFamily(Buffer.from("\0\0\0\x14ftypqt  "))).toBeNull(); // QuickTime
    const mkv = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...Buffer.from("matroska")]);
    expect(sniffFamily(mkv)).toBeNull();
    expect(sniffFamily(new Uint8Array())).toBeNull();
  });
});
