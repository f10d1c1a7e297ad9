import { AppError } from "@/lib/core/errors";
import { deleteMedia } from "@/lib/platform/media/delete-media";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { getOwnUpload } from "@/lib/features/uploads/get-upload";
import { UPLOAD_ERRORS } from "@/lib/features/uploads/validate-file";

/**
 * `DELETE /api/uploads/{id}`: the user cancelled. Aborts the multipart upload, deletes what
 * was stored and gives the reserved bytes back. Only open uploads; finished media are
 * deleted from the content screen.
 */
export async function abortUpload(membership: Membership, mediaId: string): Promise<void> {
  const media = await getOwnUpload(membership, mediaId);
  if (media.state !== "uploading") throw new AppError("conflict", UPLOAD_ERRORS.notUploading);
  await deleteMedia(media.companyId, { id: media.id, state: "uploading" });
}
