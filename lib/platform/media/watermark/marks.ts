import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/core/db";
import { storage } from "@/lib/core/storage";
import { parseStoredVariants } from "@/lib/platform/media/variants";
import { readWatermarkDesign, type WatermarkDesign } from "@/lib/platform/media/watermark/design";
import { sponsorPosition } from "@/lib/platform/media/watermark/geometry";
import { logoMark, textMark, type PlacedMark } from "@/lib/platform/media/watermark/render";

/**
 * What a gallery's photos are marked with (issue #36): the company's design, the picture it
 * names (the logo's largest rendition, or the text; the company's name when the design asks for
 * the logo and there is none) and, when one of the gallery's events carries a sponsor's logo,
 * that logo in the opposite corner. `hash` names this combination: the folder of the marked
 * renditions (stored.ts), so a change of any of them is a new set of keys and URLs.
 */
export interface MarkSpec {
  companyId: string;
  /** `Content.watermarkPhotos`: the organiser's switch. */
  on: boolean;
  design: WatermarkDesign;
  /** The stored image of the logo mark, or null for a text mark. */
  logoKey: string | null;
  text: string;
  /** The company's name: the text drawn when the logo file cannot be read. */
  name: string;
  /** The sponsor logo's stored image, when an event of the gallery has one ready. */
  sponsorKey: string | null;
  /** A sponsor logo still being processed: the marks are not final yet. */
  sponsorPending: boolean;
  hash: string;
}

/** The largest WebP rendition of a ready image media stored at `storageKey`; the key itself for a platform file. */
async function imageKeyOf(
  storageKey: string | null,
  /** A logo the platform stored (the seed's) has no media row: its own file is the image. */
  platformFile: boolean,
): Promise<{ key: string | null; pending: boolean }> {
  if (!storageKey) return { key: null, pending: false };
  const media = await db.mediaFile.findUnique({
    where: { storageKey },
    select: { state: true, variants: true },
  });
  if (!media) return { key: platformFile ? storageKey : null, pending: false };
  if (media.state !== "ready")
    return { key: null, pending: media.state === "processing" || media.state === "uploading" };
  const largest = (parseStoredVariants(media.variants) ?? [])
    .filter((v) => v.format === "webp")
    .sort((a, b) => b.width - a.width)[0];
  return { key: largest?.key ?? null, pending: false };
}

/** The marks of a content's photos, without reading any image; null when the content is gone. */
export async function markSpecOf(contentId: string): Promise<MarkSpec | null> {
  const content = await db.content.findUnique({
    where: { id: contentId },
    select: {
      companyId: true,
      watermarkPhotos: true,
      company: { select: { name: true, logoKey: true, watermarkDesign: true } },
      events: {
        where: { event: { sponsorLogoKey: { not: null } } },
        orderBy: [{ event: { startsAt: "asc" } }, { eventId: "asc" }],
        take: 1,
        select: { event: { select: { sponsorLogoKey: true } } },
      },
    },
  });
  if (!content) return null;
  const design = readWatermarkDesign(content.company.watermarkDesign);
  const logo = design.kind === "logo" ? await imageKeyOf(content.company.logoKey, true) : { key: null };
  const text = logo.key ? "" : design.kind === "text" ? design.text : content.company.name;
  const sponsor = await imageKeyOf(content.events[0]?.event.sponsorLogoKey ?? null, false);
  const hash = createHash("sha256")
    .update(JSON.stringify({ v: 1, design, logo: logo.key, text, sponsor: sponsor.key }))
    .digest("hex")
    .slice(0, 12);
  return {
    companyId: content.companyId,
    on: content.watermarkPhotos,
    design,
    logoKey: logo.key,
    text,
    name: content.company.name,
    sponsorKey: sponsor.key,
    sponsorPending: sponsor.pending,
    hash,
  };
}

/** The pictures of a spec's marks, placed: read once per pass, used for every photo. */
export async function placedMarks(spec: MarkSpec): Promise<PlacedMark[]> {
  const main = spec.logoKey
    ? await logoMark(await storage.getBytes(spec.logoKey)).catch((error: unknown) => {
        console.warn("[afterglow] watermark logo unreadable, the company's name is drawn", { error });
        return textMark(spec.name);
      })
    : await textMark(spec.text);
  const marks: PlacedMark[] = [{ image: main, position: spec.design.position }];
  if (spec.sponsorKey) {
    marks.push({
      image: await logoMark(await storage.getBytes(spec.sponsorKey)),
      position: sponsorPosition(spec.design.position),
    });
  }
  return marks;
}
