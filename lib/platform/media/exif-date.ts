/**
 * When a photo was taken, from its EXIF (`DateTimeOriginal`, else `DateTimeDigitized`, else the
 * IFD0 `DateTime`): the media manager sorts a gallery by capture time (issue #36), so the shots
 * of several photographers interleave as the night went. Pure: `sharp().metadata().exif` in,
 * a date out (the camera's wall clock read as UTC — the order is what matters — shifted by
 * `OffsetTimeOriginal` when the camera wrote one), or null for anything missing or malformed.
 */

const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME = 0x0132;
const DATE_TIME_ORIGINAL = 0x9003;
const DATE_TIME_DIGITIZED = 0x9004;
const OFFSET_TIME_ORIGINAL = 0x9011;
const ASCII = 2;
/** Entries read per directory at most: a real one has a few dozen; a hostile one is cut short. */
const MAX_ENTRIES = 512;

interface Reader {
  u16(at: number): number;
  u32(at: number): number;
  length: number;
}

function readerOf(tiff: Buffer): Reader | null {
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const little = order === "II";
  return {
    length: tiff.length,
    u16: (at) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)),
    u32: (at) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)),
  };
}

/** The ASCII values and the Exif pointer of one directory, by tag. */
function readDirectory(tiff: Buffer, reader: Reader, offset: number): Map<number, string | number> {
  const out = new Map<number, string | number>();
  if (offset + 2 > reader.length) return out;
  const count = Math.min(reader.u16(offset), MAX_ENTRIES);
  for (let i = 0; i < count; i++) {
    const entry = offset + 2 + i * 12;
    if (entry + 12 > reader.length) break;
    const tag = reader.u16(entry);
    const type = reader.u16(entry + 2);
    const length = reader.u32(entry + 4);
    if (tag === EXIF_IFD_POINTER) out.set(tag, reader.u32(entry + 8));
    else if (type === ASCII && length > 0 && length < 64) {
      const at = length <= 4 ? entry + 8 : reader.u32(entry + 8);
      if (at + length <= reader.length)
        out.set(tag, tiff.toString("latin1", at, at + length).replace(/\0.*$/s, ""));
    }
  }
  return out;
}

/** "2026:07:18 23:41:05" (+ "+01:00") → the instant; null when it is no real date. */
export function exifInstant(value: string, offset?: string): Date | null {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(utc);
  // Rolled over (month 13, 31 February) or a camera's "0000:00:00 00:00:00": no date.
  if (y < 1900 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  const zone = offset ? /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim()) : null;
  if (!zone) return date;
  const minutes = (Number(zone[2]) * 60 + Number(zone[3])) * (zone[1] === "-" ? -1 : 1);
  return new Date(utc - minutes * 60_000);
}

export function exifCaptureTime(exif: Buffer | undefined | null): Date | null {
  if (!exif || exif.length < 14) return null;
  // sharp gives the APP1 payload: "Exif\0\0" then the TIFF structure.
  const tiff = exif.toString("latin1", 0, 6) === "Exif\0\0" ? exif.subarray(6) : exif;
  const reader = readerOf(tiff);
  if (!reader || tiff.length < 8) return null;
  const ifd0 = readDirectory(tiff, reader, reader.u32(4));
  const pointer = ifd0.get(EXIF_IFD_POINTER);
  const exifIfd = typeof pointer === "number" ? readDirectory(tiff, reader, pointer) : new Map();
  const text = (map: Map<number, string | number>, tag: number) => {
    const value = map.get(tag);
    return typeof value === "string" ? value : undefined;
  };
  const offset = text(exifIfd, OFFSET_TIME_ORIGINAL);
  for (const [map, tag] of [
    [exifIfd, DATE_TIME_ORIGINAL],
    [exifIfd, DATE_TIME_DIGITIZED],
    [ifd0, DATE_TIME],
  ] as const) {
    const value = text(map, tag);
    const date = value ? exifInstant(value, tag === DATE_TIME_ORIGINAL ? offset : undefined) : null;
    if (date) return date;
  }
  return null;
}
