import { describe, expect, it } from "vitest";
import { acceptAttributeFor, acceptsFile, acceptsMediaKind } from "@/lib/features/content/kind-rules";
import { ACCEPT_ATTRIBUTE } from "@/lib/platform/media/file-types";

describe("content kind rules", () => {
  it("a photo gallery takes photos only; other kinds every type", () => {
    expect(acceptsMediaKind("photo_gallery", "photo")).toBe(true);
    for (const kind of ["audio", "video", "document"] as const)
      expect(acceptsMediaKind("photo_gallery", kind)).toBe(false);
    for (const kind of ["photo", "audio", "video", "document"] as const) {
      expect(acceptsMediaKind("single", kind)).toBe(true);
      expect(acceptsMediaKind("video_gallery", kind)).toBe(true);
    }
  });

  it("judges a browser file by its type, else its extension", () => {
    expect(acceptsFile("photo_gallery", { type: "audio/mpeg", name: "song.mp3" })).toBe(false);
    expect(acceptsFile("photo_gallery", { type: "", name: "song.MP3" })).toBe(false);
    expect(acceptsFile("photo_gallery", { type: "image/jpeg", name: "a.jpg" })).toBe(true);
    expect(acceptsFile("single", { type: "audio/mpeg", name: "song.mp3" })).toBe(true);
    // Unknown types are left to the upload rules (which refuse them with their own message).
    expect(acceptsFile("photo_gallery", { type: "application/zip", name: "x.zip" })).toBe(true);
  });

  it("offers only image types in a photo gallery's file picker", () => {
    const accept = acceptAttributeFor("photo_gallery").split(",");
    expect(accept).toEqual(expect.arrayContaining(["image/jpeg", ".jpg", "image/png", ".webp"]));
    expect(accept.some((a) => a.startsWith("audio/") || a === ".mp3")).toBe(false);
    expect(acceptAttributeFor("single")).toBe(ACCEPT_ATTRIBUTE);
  });
});
