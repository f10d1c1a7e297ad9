import { Cancelled } from "@/components/uploads/engine/errors";
import { uploadParts } from "@/components/uploads/engine/multipart";
import { callApi, complete, putWithRetry, type TransferContext } from "@/components/uploads/engine/requests";
import type {
  CreatedUpload,
  InternalItem,
  SavedUpload,
  ServerUploadStatus,
} from "@/components/uploads/engine/types";

/**
 * Uploads one file from wherever it stands: resumes an upload an earlier page load started,
 * continues a multipart upload this page started, or creates a new one (a single PUT or
 * parts, as the server decides). Throws HttpError or Cancelled; the engine records the outcome.
 */
export async function transfer(ctx: TransferContext, item: InternalItem): Promise<void> {
  const saved = ctx.saved.read()[item.fingerprint];
  if (saved && !item.mediaId) {
    const resumed = await tryResume(ctx, item, saved);
    if (resumed) return;
  }
  if (item.mediaId && item.partSize) {
    // A retry of a multipart upload that already started in this page.
    return uploadParts(ctx, item, ctx.saved.read()[item.fingerprint]?.parts ?? {});
  }
  if (item.mediaId) {
    // A retry of a whole-file upload: start a fresh one, releasing the first.
    await ctx.transport.api("DELETE", `/api/uploads/${item.mediaId}`).catch(() => undefined);
    item.mediaId = undefined;
  }
  const create = () =>
    callApi<CreatedUpload>(ctx, item, "POST", "/api/uploads", {
      fileName: item.file.name,
      contentType: item.file.type,
      size: item.file.size,
      target: item.target,
    });
  // Only the creation waits its turn; the bytes then travel in parallel.
  const created = await (ctx.inOrder ? ctx.inOrder(create) : create());
  item.mediaId = created.id;
  if (created.strategy === "single") {
    await single(ctx, item, created.url, created.headers);
  } else {
    item.partSize = created.partSize;
    ctx.saved.save(item.fingerprint, {
      mediaId: created.id,
      fileName: item.file.name,
      size: item.file.size,
      partSize: created.partSize,
      parts: {},
      savedAt: Date.now(),
    });
    await uploadParts(ctx, item, {});
  }
}

/** Picks up an upload an earlier page load started; false when it must start over. */
async function tryResume(ctx: TransferContext, item: InternalItem, saved: SavedUpload): Promise<boolean> {
  let status: ServerUploadStatus;
  try {
    status = await callApi<ServerUploadStatus>(ctx, item, "GET", `/api/uploads/${saved.mediaId}`);
  } catch (error) {
    if (error instanceof Cancelled) throw error;
    ctx.saved.forget(item.fingerprint);
    return false;
  }
  if (status.state !== "uploading") {
    ctx.saved.forget(item.fingerprint);
    if (status.state === "processing" || status.state === "ready") {
      item.mediaId = saved.mediaId;
      item.state = status.state;
      return true; // it had finished
    }
    return false;
  }
  if (status.strategy !== "multipart" || !status.partSize) return false;
  item.mediaId = saved.mediaId;
  item.resumed = true;
  item.partSize = status.partSize;
  // The store's own list wins when it has one; otherwise the parts this browser recorded.
  const parts: Record<string, string> = status.uploadedParts
    ? Object.fromEntries(status.uploadedParts.map((p) => [String(p.partNumber), p.etag]))
    : { ...saved.parts };
  ctx.saved.save(item.fingerprint, { ...saved, parts });
  await uploadParts(ctx, item, parts);
  return true;
}

/** The whole file in one PUT (small files). */
async function single(
  ctx: TransferContext,
  item: InternalItem,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  await putWithRetry(
    ctx,
    item,
    () => Promise.resolve(url),
    item.file,
    headers,
    (loaded) => {
      item.loaded = loaded;
      ctx.changed();
    },
  );
  await complete(ctx, item, undefined);
}
