import "server-only";
import { ImageResponse } from "next/og";
import { unstable_cache } from "next/cache";
import sharp from "sharp";
import { db } from "@/lib/db";
import type { Locale } from "@/lib/i18n/config";
import { cacheTags } from "@/lib/public/cache-tags";
import { formatEventDate } from "@/lib/public/format";
import { loadOgSubject, type OgSubjectData } from "@/lib/public/load-og-subject";
import { localized } from "@/lib/public/localize";
import { PUBLIC_REVALIDATE_SECONDS } from "@/lib/public/queries";
import { storage } from "@/lib/storage";
import { isRecordIdShape } from "@/lib/validation/common";

export type OgKind = "company" | "event" | "content";
export const OG_SIZE = { width: 1200, height: 630 };

/** A stored image as a JPEG data URL no wider than `width` (Satori reads PNG/JPEG, not WebP). */
async function dataUrl(key: string | null, width: number, format: "jpeg" | "png"): Promise<string | null> {
  if (!key) return null;
  try {
    const bytes = await storage.getBytes(key);
    const pipeline = sharp(bytes).resize({ width, height: width, fit: "cover" });
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

/** The share image of a landing, event or player page: logo, title, date, a photo (spec §7). */
export async function renderOgImage(kind: OgKind, id: string, locale: Locale): Promise<Response> {
  const companyId = isRecordIdShape(id) ? await companyIdOf(kind, id) : null;
  if (!companyId) return new Response("Not found", { status: 404 });
  const tags = [
    cacheTags.company(companyId),
    ...(kind === "event" ? [cacheTags.event(id)] : kind === "content" ? [cacheTags.content(id)] : []),
  ];
  const subject: OgSubjectData | null = await unstable_cache(
    () => loadOgSubject(kind, id),
    ["public", "og", kind, id],
    {
      tags,
      revalidate: PUBLIC_REVALIDATE_SECONDS,
    },
  )();
  if (!subject) return new Response("Not found", { status: 404 });

  const [logo, photo] = await Promise.all([
    dataUrl(subject.logoKey, 160, "png"),
    dataUrl(subject.photoKey, 630, "jpeg"),
  ]);
  const accent = subject.brandColor ?? "#f97316";
  const subtitle = subject.event
    ? [formatEventDate(subject.event.startsAt, subject.event.timeZone, locale), subject.event.location]
        .filter(Boolean)
        .join(" · ")
    : localized(subject.description, locale);
  const eyebrow = kind === "content" && subject.event ? subject.event.name : subject.companyName;

  return new ImageResponse(
    <div style={{ display: "flex", width: "100%", height: "100%", background: "#0b0b12", color: "white" }}>
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          width: photo ? 640 : 1200,
          padding: 56,
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          {logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- Satori draws plain <img>
            <img src={logo} width={80} height={80} alt="" style={{ borderRadius: 18 }} />
          ) : (
            <div style={{ display: "flex", width: 80, height: 80, borderRadius: 18, background: accent }} />
          )}
          <div style={{ display: "flex", fontSize: 30, color: "#d4d4d8" }}>{subject.companyName}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          {eyebrow !== subject.companyName && (
            <div style={{ display: "flex", fontSize: 28, color: accent }}>{eyebrow}</div>
          )}
          <div
            style={{
              display: "flex",
              fontSize: subject.title.length > 40 ? 52 : 64,
              fontWeight: 700,
              lineHeight: 1.1,
            }}
          >
            {subject.title.slice(0, 90)}
          </div>
          {subtitle && (
            <div style={{ display: "flex", fontSize: 28, color: "#d4d4d8", lineHeight: 1.3 }}>
              {subtitle.slice(0, 140)}
            </div>
          )}
        </div>
        <div style={{ display: "flex", alignItems: "center", gap: 12, fontSize: 24, color: "#a1a1aa" }}>
          <div style={{ display: "flex", width: 40, height: 6, borderRadius: 3, background: accent }} />
          Afterglow
        </div>
      </div>
      {photo && (
        // eslint-disable-next-line @next/next/no-img-element -- Satori draws plain <img>
        <img src={photo} width={560} height={630} alt="" style={{ objectFit: "cover" }} />
      )}
    </div>,
    {
      ...OG_SIZE,
      headers: {
        "Cache-Control": `public, max-age=${PUBLIC_REVALIDATE_SECONDS}, stale-while-revalidate=86400`,
      },
    },
  );
}
