import "server-only";
import { ImageResponse } from "next/og";
import { unstable_cache } from "next/cache";
import sharp from "sharp";
import { env } from "@/lib/core/env";
import { db } from "@/lib/core/db";
import type { Locale } from "@/lib/core/i18n/config";
import { cacheTags } from "@/lib/platform/site/cache-tags";
import { formatEventDate } from "@/lib/surfaces/public-site/format";
import { loadOgSubject, type OgSubjectData } from "@/lib/surfaces/public-site/load-og-subject";
import { OgLayout } from "@/lib/surfaces/public-site/og-layout";
import { PUBLIC_REVALIDATE_SECONDS } from "@/lib/surfaces/public-site/queries";
import { storage } from "@/lib/core/storage";
import { isRecordIdShape } from "@/lib/core/validation/common";
import { jpegResponse, storedShareImage } from "@/lib/surfaces/public-site/og-store";

export type OgKind = "company" | "event" | "content";
export const OG_SIZE = { width: 1200, height: 630 };

/** A stored image as a JPEG data URL no wider than `width` (Satori reads PNG/JPEG, not WebP). */
async function dataUrl(key: string | null, width: number, format: "jpeg" | "png"): Promise<string | null> {
  if (!key) return null;
  try {
    const bytes = await storage.getBytes(key);
    // The media pipeline's pixel cap: a platform-written (seed) image is not processed first.
    const pipeline = sharp(bytes, { limitInputPixels: env.MEDIA_MAX_IMAGE_PIXELS }).resize({
      width,
      height: width,
      fit: "cover",
    });
    const out =
      format === "png" ? await pipeline.png().toBuffer() : await pipeline.jpeg({ quality: 80 }).toBuffer();
    return `data:image/${format};base64,${out.toString("base64")}`;
  } catch (error) {
    console.error("[afterglow] share image: could not read", { key, error: String(error) });
    return null;
  }
}

async function companyIdOf(kind: OgKind, id: string): Promise<string | null> {
  if (kind === "company") return id;
  const row =
    kind === "event"
      ? await db.event.findUnique({ where: { id }, select: { companyId: true } })
      : await db.content.findUnique({ where: { id }, select: { companyId: true } });
  return row?.companyId ?? null;
}

/**
 * The share image of a landing, event or player page in the company's brand: logo, title,
 * date, a photo (spec §7), as a JPEG drawn once per version (`og-store.ts`).
 */
export async function renderOgImage(kind: OgKind, id: string, locale: Locale): Promise<Response> {
  const companyId = isRecordIdShape(id) ? await companyIdOf(kind, id) : null;
  if (!companyId) return new Response("Not found", { status: 404 });
  const tags = [
    cacheTags.company(companyId),
    ...(kind === "event" ? [cacheTags.event(id)] : kind === "content" ? [cacheTags.content(id)] : []),
  ];
  const subject: OgSubjectData | null = await unstable_cache(
    () => loadOgSubject(kind, id, locale),
    ["public", "og", kind, id, locale],
    {
      tags,
      revalidate: PUBLIC_REVALIDATE_SECONDS,
    },
  )();
  if (!subject) return new Response("Not found", { status: 404 });

  const draw = async () => {
    const [logo, photo] = await Promise.all([
      dataUrl(subject.logoKey, 160, "png"),
      dataUrl(subject.photoKey, 630, "jpeg"),
    ]);
    const subtitle = subject.event
      ? [formatEventDate(subject.event.startsAt, subject.event.timeZone, locale), subject.event.location]
          .filter(Boolean)
          .join(" · ")
      : subject.description;
    const eyebrow = kind === "content" && subject.event ? subject.event.name : subject.companyName;
    const png = new ImageResponse(
      <OgLayout subject={subject} logo={logo} photo={photo} eyebrow={eyebrow} subtitle={subtitle} />,
      OG_SIZE,
    );
    return new Uint8Array(await png.arrayBuffer());
  };
  // Under the company's prefix, so the company's objects stay together.
  const jpeg = await storedShareImage(
    { prefix: `companies/${companyId}/og/${kind}-${id}-${locale}-`, inputs: { subject, locale } },
    draw,
  );
  return jpegResponse(jpeg, PUBLIC_REVALIDATE_SECONDS);
}
