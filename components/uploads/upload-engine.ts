/**
 * The browser side of direct uploads, free of React: asks the app for presigned URLs, PUTs
 * the bytes straight to storage (in parallel parts for large files), retries failed parts
 * with backoff, survives a reload (each finished part is recorded in localStorage and the
 * upload resumes when the same file is added again), and can be cancelled.
 * Network and storage are behind small interfaces so the engine runs in unit tests.
 *
 * This module keeps the queue and the items' state; `engine/transfer.ts` moves one file
 * (`engine/multipart.ts` its parts, `engine/requests.ts` the retried calls),
 * `engine/saved-uploads.ts` remembers what a reload may resume, `engine/browser-transport.ts`
 * talks to the network.
 */
import {
  HttpError,
  Cancelled,
  INCOMPLETE,
  NETWORK_ERROR,
  retryable,
} from "@/components/uploads/engine/errors";
import type { TransferContext } from "@/components/uploads/engine/requests";
import { SavedUploads } from "@/components/uploads/engine/saved-uploads";
import { transfer } from "@/components/uploads/engine/transfer";
import type {
  EngineOptions,
  InternalItem,
  SavedUpload,
  UploadItem,
  UploadStatus,
  UploadTarget,
  UploadTransport,
} from "@/components/uploads/engine/types";

export { browserTransport } from "@/components/uploads/engine/browser-transport";
export { STORAGE_KEY } from "@/components/uploads/engine/saved-uploads";
export type {
  ApiResponse,
  EngineOptions,
  KeyValueStore,
  PutResult,
  SavedUpload,
  UploadItem,
  UploadMessage,
  UploadStatus,
  UploadTarget,
  UploadTransport,
} from "@/components/uploads/engine/types";

export function fingerprint(file: File, target: UploadTarget): string {
  const where = target.type === "content" ? `content:${target.contentId}` : target.type;
  return `${where}|${file.name}|${file.size}|${file.lastModified}`;
}

export class UploadEngine {
  private readonly list: InternalItem[] = [];
  private readonly transport: UploadTransport;
  private readonly saved: SavedUploads;
  private readonly transferContext: TransferContext;
  private onChange: () => void;
  private readonly fileConcurrency: number;
  private running = 0;
  private counter = 0;
  private notifyScheduled = false;
  /** The tail of the creations' queue (see `TransferContext.inOrder`). */
  private creations: Promise<unknown> = Promise.resolve();

  constructor(options: EngineOptions) {
    this.transport = options.transport;
    this.saved = new SavedUploads(options.storage ?? null);
    this.onChange = options.onChange ?? (() => undefined);
    this.fileConcurrency = options.fileConcurrency ?? 3;
    this.transferContext = {
      transport: this.transport,
      saved: this.saved,
      partConcurrency: options.partConcurrency ?? 4,
      maxAttempts: options.maxAttempts ?? 5,
      backoff: options.backoff ?? ((n) => Math.min(30_000, 1000 * 2 ** (n - 1))),
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      changed: () => this.changed(),
      inOrder: (create) => {
        const turn = this.creations.then(create, create);
        this.creations = turn.catch(() => undefined);
        return turn;
      },
    };
  }

  /** Replaces the change listener (the React provider subscribes after construction). */
  setListener(listener: () => void): void {
    this.onChange = listener;
  }

  /** A copy of every item, newest last. */
  items(): UploadItem[] {
    return this.list.map(
      ({ controller: _c, fingerprint: _f, inFlight: _i, done: _d, onDone: _o, partSize: _p, ...item }) => ({
        ...item,
      }),
    );
  }

  /** Bytes done and total over the items still meant to arrive (not cancelled, not failed). */
  progress(filter?: (item: UploadItem) => boolean): { loaded: number; total: number; active: boolean } {
    let loaded = 0;
    let total = 0;
    let active = false;
    for (const item of this.list) {
      if (item.status === "cancelled" || item.status === "error" || (filter && !filter(item))) continue;
      loaded += item.status === "done" ? item.total : item.loaded;
      total += item.total;
      if (item.status === "queued" || item.status === "uploading" || item.status === "completing")
        active = true;
    }
    return { loaded, total, active };
  }

  add(files: Iterable<File>, target: UploadTarget, onDone?: (item: UploadItem) => void): string[] {
    const keys: string[] = [];
    for (const file of files) {
      const key = `u${++this.counter}`;
      this.list.push({
        key,
        file,
        target,
        status: "queued",
        loaded: 0,
        total: file.size,
        resumed: false,
        controller: new AbortController(),
        fingerprint: fingerprint(file, target),
        inFlight: new Map(),
        done: 0,
        onDone: onDone ? [onDone] : [],
      });
      keys.push(key);
    }
    this.changed();
    this.pump();
    return keys;
  }

  /** Stops an upload and deletes what was stored. */
  async cancel(key: string): Promise<void> {
    const item = this.list.find((i) => i.key === key);
    if (!item || item.status === "done" || item.status === "cancelled") return;
    item.status = "cancelled";
    item.controller.abort();
    this.saved.forget(item.fingerprint);
    this.changed();
    if (item.mediaId)
      await this.transport.api("DELETE", `/api/uploads/${item.mediaId}`).catch(() => undefined);
  }

  /** Tries a failed upload again, resuming from the parts already stored. */
  retry(key: string): void {
    const item = this.list.find((i) => i.key === key);
    if (!item || item.status !== "error") return;
    item.status = "queued";
    item.error = undefined;
    item.canRetry = undefined;
    item.controller = new AbortController();
    this.changed();
    this.pump();
  }

  /** Removes finished, failed and cancelled items from the list. */
  clearFinished(): void {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const status = this.list[i]!.status;
      if (status === "done" || status === "cancelled" || status === "error") this.list.splice(i, 1);
    }
    this.changed();
  }

  /** Uploads interrupted by an earlier page load, waiting for their file to be added again. */
  interrupted(): (SavedUpload & { fingerprint: string })[] {
    const saved = this.saved.read();
    const active = new Set(this.list.map((i) => i.fingerprint));
    return Object.entries(saved)
      .filter(([fp]) => !active.has(fp))
      .map(([fp, s]) => ({ ...s, fingerprint: fp }));
  }

  /** Gives up an interrupted upload: deletes it on the server and forgets it. */
  async discard(fp: string): Promise<void> {
    const saved = this.saved.read()[fp];
    this.saved.forget(fp);
    this.changed();
    if (saved) await this.transport.api("DELETE", `/api/uploads/${saved.mediaId}`).catch(() => undefined);
  }

  // ───────────────────────────── scheduling ─────────────────────────────

  private pump(): void {
    while (this.running < this.fileConcurrency) {
      const next = this.list.find((i) => i.status === "queued");
      if (!next) return;
      this.running++;
      next.status = "uploading";
      this.changed();
      void this.run(next).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private changed(): void {
    // Progress events arrive many times a second: tell the UI at most once per frame.
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    queueMicrotask(() => {
      this.notifyScheduled = false;
      this.onChange();
    });
  }

  private async run(item: InternalItem): Promise<void> {
    try {
      await transfer(this.transferContext, item);
      if ((item.status as UploadStatus) === "cancelled") return;
      item.status = "done";
      item.loaded = item.total;
      this.saved.forget(item.fingerprint);
      for (const callback of item.onDone) callback({ ...item });
    } catch (error) {
      if (error instanceof Cancelled || (item.status as UploadStatus) === "cancelled") return;
      item.status = "error";
      item.error = error instanceof HttpError ? error.detail : NETWORK_ERROR;
      // A refused file (4xx) cannot be resumed; a network failure or missing parts can.
      const resumable =
        !(error instanceof HttpError) || retryable(error.status) || error.detail.message === INCOMPLETE;
      item.canRetry = resumable;
      if (!resumable) this.saved.forget(item.fingerprint);
    } finally {
      this.changed();
    }
  }
}
