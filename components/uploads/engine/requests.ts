import {
  Cancelled,
  HttpError,
  messageOf,
  NETWORK_ERROR,
  retryable,
} from "@/components/uploads/engine/errors";
import type { SavedUploads } from "@/components/uploads/engine/saved-uploads";
import type {
  ApiMethod,
  ApiResponse,
  CompletedUpload,
  InternalItem,
  PutResult,
  UploadTransport,
} from "@/components/uploads/engine/types";

/** What one file's transfer needs from the engine. */
export interface TransferContext {
  transport: UploadTransport;
  saved: SavedUploads;
  partConcurrency: number;
  maxAttempts: number;
  backoff: (attempt: number) => number;
  sleep: (ms: number) => Promise<void>;
  /** Tells the UI that an item changed. */
  changed: () => void;
  /**
   * Runs the creation of uploads one at a time, in the order the files were chosen: the server
   * numbers a content's media as they are created, so parallel creations would store them in
   * whatever order the requests landed (issue #18). Absent: no ordering (tests of one file).
   */
  inOrder?: <T>(create: () => Promise<T>) => Promise<T>;
}

/** Stops the transfer when the user cancelled it. */
export function checkAlive(item: InternalItem): void {
  if (item.controller.signal.aborted || item.status === "cancelled") throw new Cancelled();
}

/** An API call, retried on network and server errors; throws HttpError on refusal. */
export async function callApi<T>(
  ctx: TransferContext,
  item: InternalItem,
  method: ApiMethod,
  path: string,
  body?: unknown,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    checkAlive(item);
    let res: ApiResponse;
    try {
      res = await ctx.transport.api(method, path, body);
    } catch {
      res = { status: 0, body: null };
    }
    if (res.status >= 200 && res.status < 300) return res.body as T;
    if (!retryable(res.status) || attempt >= ctx.maxAttempts) {
      throw new HttpError(res.status, res.status === 0 ? NETWORK_ERROR : messageOf(res.body));
    }
    await ctx.sleep(ctx.backoff(attempt));
  }
}

/** PUTs to storage, retrying with backoff; a fresh URL after the first failure (it may have expired). */
export async function putWithRetry(
  ctx: TransferContext,
  item: InternalItem,
  url: (attempt: number) => Promise<string>,
  body: Blob,
  headers: Record<string, string>,
  onProgress: (loaded: number) => void,
): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    checkAlive(item);
    let result: PutResult;
    try {
      result = await ctx.transport.put(await url(attempt), body, headers, onProgress, item.controller.signal);
    } catch (error) {
      if (error instanceof HttpError || error instanceof Cancelled) throw error;
      result = { status: 0, etag: null };
    }
    checkAlive(item);
    if (result.status >= 200 && result.status < 300) return result.etag;
    onProgress(0);
    // 403: an expired signature; worth a fresh URL like a network failure.
    if ((!retryable(result.status) && result.status !== 403) || attempt >= ctx.maxAttempts) {
      throw new HttpError(result.status, NETWORK_ERROR);
    }
    await ctx.sleep(ctx.backoff(attempt));
  }
}

/** Closes the upload on the server, which verifies what arrived. */
export async function complete(
  ctx: TransferContext,
  item: InternalItem,
  parts: { partNumber: number; etag: string }[] | undefined,
): Promise<void> {
  item.status = "completing";
  ctx.changed();
  const media = await callApi<CompletedUpload["media"]>(
    ctx,
    item,
    "POST",
    `/api/uploads/${item.mediaId}/complete`,
    parts ? { parts } : {},
  );
  item.state = media.state;
}
