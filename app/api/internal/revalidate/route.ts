import { z } from "zod";
import { AppError } from "@/lib/core/errors";
import { readBodyText } from "@/lib/core/http/request";
import { publicRoute } from "@/lib/core/http/route";
import { SIGNATURE_HEADER, verifySignedBody } from "@/lib/platform/site/revalidate";
import { revalidatePublic } from "@/lib/platform/site/cache-tags";

export const dynamic = "force-dynamic";

const changeSchema = z.object({
  companyId: z.string().min(1).max(64),
  eventIds: z.array(z.string().min(1).max(64)).max(500).default([]),
  contentIds: z.array(z.string().min(1).max(64)).max(500).default([]),
});

// POST /api/internal/revalidate — internal: a media job finished; refresh the public pages showing it (HMAC-signed)
export const POST = publicRoute(async (request: Request) => {
  // 1 000 ids of 64 characters fit in 128 KB; anything larger is not ours: 413, unread (the
  // signature can only be checked on a body held in memory).
  const body = await readBodyText(request, 128 * 1024);
  const payload = verifySignedBody(body, request.headers.get(SIGNATURE_HEADER));
  const change = changeSchema.safeParse(payload);
  // Unsigned, stale or malformed: one answer for all, so a caller learns nothing of which.
  if (!change.success) throw new AppError("forbidden", "admin.accessDenied.message");
  revalidatePublic(change.data);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
});
