import { lookupMedia, mediaResponse } from "@/lib/public/media-access";

export const dynamic = "force-dynamic";

// GET /api/media/{mediaId}/{original|poster|w640.webp…} — redirect to a signed URL if the media is public
export async function GET(_request: Request, { params }: RouteContext<"/api/media/[mediaId]/[variant]">) {
  const { mediaId, variant } = await params;
  return mediaResponse(await lookupMedia(mediaId, variant));
}
