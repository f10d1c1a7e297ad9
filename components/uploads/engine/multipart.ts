import { HttpError, FAILED_ERROR } from "@/components/uploads/engine/errors";
import { callApi, complete, putWithRetry, type TransferContext } from "@/components/uploads/engine/requests";
import type { InternalItem, SignedParts } from "@/components/uploads/engine/types";

const PART_URL_BATCH = 50;

/**
 * Uploads the parts storage does not hold yet (`known`: partNumber → ETag), a few at once,
 * signing their URLs in batches and recording each finished part for a resume after a
 * reload; then completes the upload.
 */
export async function uploadParts(
  ctx: TransferContext,
  item: InternalItem,
  known: Record<string, string>,
): Promise<void> {
  const partSize = item.partSize!;
  const partCount = Math.max(1, Math.ceil(item.file.size / partSize));
  const etags = new Map<number, string>(Object.entries(known).map(([n, e]) => [Number(n), e]));
  const todo = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
  const length = (n: number) => Math.min(partSize, item.file.size - (n - 1) * partSize);
  item.done = [...etags.keys()].reduce((sum, n) => sum + length(n), 0);
  item.inFlight.clear();
  const refresh = () => {
    item.loaded = item.done + [...item.inFlight.values()].reduce((a, b) => a + b, 0);
    ctx.changed();
  };
  refresh();

  const urls = new Map<number, string>();
  const signBatch = async (from: number) => {
    const batch = todo.filter((n) => n >= from && !urls.has(n)).slice(0, PART_URL_BATCH);
    if (batch.length === 0) return;
    const res = await callApi<SignedParts>(ctx, item, "POST", `/api/uploads/${item.mediaId}/parts`, {
      partNumbers: batch,
    });
    for (const p of res.parts) urls.set(p.partNumber, p.url);
  };
  const urlFor = async (n: number, fresh: boolean) => {
    if (fresh) urls.delete(n);
    if (!urls.has(n)) await signBatch(n);
    const url = urls.get(n);
    if (!url) throw new HttpError(500, FAILED_ERROR);
    return url;
  };

  const queue = [...todo];
  await Promise.all(
    Array.from({ length: Math.min(ctx.partConcurrency, queue.length) }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const partNumber = n;
        const blob = item.file.slice(
          (partNumber - 1) * partSize,
          (partNumber - 1) * partSize + length(partNumber),
        );
        const etag = await putWithRetry(
          ctx,
          item,
          (attempt) => urlFor(partNumber, attempt > 1),
          blob,
          {},
          (loaded) => {
            item.inFlight.set(partNumber, loaded);
            refresh();
          },
        );
        item.inFlight.delete(partNumber);
        item.done += length(partNumber);
        etags.set(partNumber, etag ?? "");
        ctx.saved.recordPart(item.fingerprint, partNumber, etag ?? "");
        refresh();
      }
    }),
  );
  await complete(
    ctx,
    item,
    [...etags.entries()].map(([partNumber, etag]) => ({ partNumber, etag })),
  );
}
