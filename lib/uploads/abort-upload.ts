import { AppError } from "@/lib/errors";
import { deleteMedia } from "@/lib/media/delete-media";
import type { Membership } from "@/lib/tenancy/membership";
import { getOwnUpload } from "@/lib/uploads/get-upload";
import { UPLOAD_ERRORS } from "@/lib/uploads/validate-file";

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
