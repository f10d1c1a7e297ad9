import { acceptsMediaKind, KIND_MISMATCH } from "@/lib/features/content/kind-rules";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import { newMediaId, originalKey, uploadKey } from "@/lib/platform/media/keys";
import { mediaSettings, type MediaSettings } from "@/lib/platform/media/settings";
import { assertPhotoRoom, lockCompanyQuota, reserveStorage } from "@/lib/platform/plans/enforce";
import { publicStorage, storage } from "@/lib/core/storage";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";
import { partPlan } from "@/lib/features/uploads/part-plan";
import type { CreateUploadInput } from "@/lib/features/uploads/schemas";
import { cleanFileName, UPLOAD_ERRORS, validateFileClaim } from "@/lib/features/uploads/validate-file";
import { loadEffectivePlan } from "@/lib/platform/plans/effective";

export type CreatedUpload =
  | {
      id: string;
      strategy: "single";
      /** PUT the file here with exactly these headers. */
      url: string;
      headers: Record<string, string>;
      expiresAt: string;
    }
  | {
      id: string;
      strategy: "multipart";
      partSize: number;
      partCount: number;
      /** Ask `POST /api/uploads/{id}/parts` for the part URLs. */
      expiresAt: string;
    };

/**
 * `POST /api/uploads`: checks the file against the upload rules and the company's plan,
 * reserves its bytes, creates the media row (state `uploading`) under a key the server
 * chooses, and answers where to PUT the bytes. Nothing is read from the browser but the
 * claim; `completeUpload` verifies what actually arrived.
 */
export async function createUpload(
  membership: Membership,
  input: CreateUploadInput,
  settingsOverrides: Partial<MediaSettings> = {},
): Promise<CreatedUpload> {
  assertCan(membership, "content.manage");
  const companyId = membership.company.id;
  // The effective plan now (a trial included), not the one the session started with.
  const { plan: effectivePlan } = await loadEffectivePlan(db, companyId);
  const rule = validateFileClaim(input, effectivePlan);

  let contentId: string | null = null;
  let eventIds: string[] = [];
  if (input.target.type === "content") {
    const content = await db.content.findFirst({
      where: { id: input.target.contentId, companyId },
      select: { id: true, kind: true, events: { select: { eventId: true } } },
    });
    if (!content) throw new AppError("not_found", "content.errors.notFound");
    if (!acceptsMediaKind(content.kind, rule.kind))
      throw new AppError("validation", KIND_MISMATCH, { values: { name: cleanFileName(input.fileName) } });
    contentId = content.id;
    eventIds = content.events.map((e) => e.eventId);
  } else if (input.target.type === "company-logo") {
    // The logo is a company setting: admins only (spec §6), like the Branding page.
    assertCan(membership, "settings.edit");
    if (rule.kind !== "photo") throw new AppError("validation", UPLOAD_ERRORS.logoMustBeImage);
  } else if (rule.kind !== "photo") {
    throw new AppError("validation", UPLOAD_ERRORS.bannerMustBeImage);
  }

  const settings = mediaSettings(settingsOverrides);
  const id = newMediaId();
  const multipart = input.size > settings.multipartThresholdBytes;
  // A single PUT writes to an upload key the completion moves away from; a multipart upload
  // stays where it is (its part URLs cannot write once it is completed, and S3 copies at most
  // 5 GB in one request).
  const storageKey = multipart ? originalKey(companyId, id, rule.ext) : uploadKey(companyId, id, rule.ext);
  const plan = multipart ? partPlan(input.size, settings.partSizeBytes) : null;
  const uploadId = multipart ? await storage.createMultipartUpload(storageKey, rule.mime) : null;

  try {
    await db.$transaction(async (tx) => {
      await lockCompanyQuota(tx, companyId);
      if (rule.kind === "photo" && eventIds.length > 0) {
        await assertPhotoRoom(tx, companyId, eventIds, 1);
      }
      await reserveStorage(tx, companyId, BigInt(input.size));
      const last = contentId
        ? await tx.mediaFile.aggregate({ where: { contentId, companyId }, _max: { position: true } })
        : null;
      await tx.mediaFile.create({
        data: {
          id,
          companyId,
          contentId,
          kind: rule.kind,
          storageKey,
          originalName: cleanFileName(input.fileName),
          mimeType: rule.mime,
          sizeBytes: BigInt(input.size),
          state: "uploading",
          position: (last?._max.position ?? -1) + 1,
          multipartUploadId: uploadId,
          partSizeBytes: plan?.partSize ?? null,
        },
      });
    });
  } catch (error) {
    if (uploadId) await storage.abortMultipartUpload(storageKey, uploadId).catch(() => undefined);
    throw error;
  }

  const expiresAt = new Date(Date.now() + settings.uploadUrlTtlSeconds * 1000).toISOString();
  if (plan)
    return { id, strategy: "multipart", partSize: plan.partSize, partCount: plan.partCount, expiresAt };
  const url = await publicStorage.signedPutUrl({
    key: storageKey,
    contentType: rule.mime,
    size: input.size,
    expiresIn: settings.uploadUrlTtlSeconds,
  });
  return { id, strategy: "single", url, headers: { "Content-Type": rule.mime }, expiresAt };
}
