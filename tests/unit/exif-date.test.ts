import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { exifCaptureTime, exifInstant } from "@/lib/platform/media/exif-date";

/** A JPEG's EXIF as sharp reads it back, written by sharp (libexif) from `exif`. */
async function exifOf(
  exif: Parameters<ReturnType<typeof sharp>["withExif"]>[0],
): Promise<Buffer | undefined> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123456" } })
    .jpeg()
    .withExif(exif)
    .toBuffer();
  return (await sharp(jpeg).metadata()).exif;
}

describe("a photo's capture time from its EXIF (issue #36: sort by capture time)", () => {
  it("reads DateTimeOriginal with its offset, before the IFD0 DateTime", async () => {
    const exif = await exifOf({
      IFD0: { DateTime: "2026:07:18 23:41:05" },
      IFD2: { DateTimeOriginal: "2026:07:18 22:10:00", OffsetTimeOriginal: "+01:00" },
    });
    expect(exifCaptureTime(exif)?.toISOString()).toBe("2026-07-18T21:10:00.000Z");
  });

  it("falls back to the IFD0 DateTime, and gives null without a date", async () => {
    expect(exifCaptureTime(await exifOf({ IFD0: { DateTime: "2026:07:18 23:41:05" } }))?.toISOString()).toBe(
      "2026-07-18T23:41:05.000Z",
    );
    expect(exifCaptureTime(await exifOf({ IFD0: { Copyright: "Band" } }))).toBeNull();
    expect(exifCaptureTime(undefined)).toBeNull();
  });

  it("refuses what is no date, and survives hostile bytes", () => {
    expect(exifInstant("0000:00:00 00:00:00")).toBeNull();
    expect(exifInstant("2026:02:31 10:00:00")).toBeNull();
    expect(exifInstant("2026:07:18 24:00:00")).toBeNull();
    expect(exifInstant("yesterday")).toBeNull();
    for (let seed = 0; seed < 200; seed++) {
      const junk = Buffer.from(Array.from({ length: 64 + seed }, (_, i) => (i * 7919 + seed * 104729) % 256));
      junk.write("Exif\0\0MM\0*\0\0\0\x08", 0, "latin1");
      expect(() => exifCaptureTime(junk)).not.toThrow();
    }
  });
});
