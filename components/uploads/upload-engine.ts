/**
 * The browser side of direct uploads, free of React: asks the app for presigned URLs, PUTs
 * the bytes straight to storage (in parallel parts for large files), retries failed parts
 * with backoff, survives a reload (each finished part is recorded in localStorage and the
 * upload resumes when the same file is added again), and can be cancelled.
 * Network and storage are behind small interfaces so the engine runs in unit tests.
 */

export type UploadTarget = { type: "content"; contentId: string } | { type: "event-banner" };

export type UploadStatus = "queued" | "uploading" | "completing" | "done" | "error" | "cancelled";

export interface UploadMessage {
  /** i18n key. */
  message: string;
  values?: Record<string, string | number>;
}

export interface UploadItem {
  key: string;
  file: File;
  target: UploadTarget;
  status: UploadStatus;
  /** Bytes acknowledged by storage (plus the current progress of parts in flight). */
  loaded: number;
  total: number;
  mediaId?: string;
  /** Resumed from an earlier page load. */
  resumed: boolean;
  error?: UploadMessage;
  /** Whether trying again can help (a network failure, not a refused file). */
  canRetry?: boolean;
  /** The media's state after completion (processing, or ready for documents). */
  state?: string;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface PutResult {
  status: number;
  etag: string | null;
}

export interface UploadTransport {
  api(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<ApiResponse>;
  put(
    url: string,
    body: Blob,
    headers: Record<string, string>,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<PutResult>;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What is kept between page loads for one interrupted multipart upload. */
export interface SavedUpload {
  mediaId: string;
  fileName: string;
  size: number;
  partSize: number;
  /** partNumber → ETag of parts storage acknowledged. */
  parts: Record<string, string>;
  savedAt: number;
}

export interface EngineOptions {
  transport: UploadTransport;
  storage?: KeyValueStore | null;
  onChange?: () => void;
  /** Files uploading at once. */
  fileConcurrency?: number;
  /** Parts of one file uploading at once. */
  partConcurrency?: number;
  /** Attempts per request before the file is marked failed (the user can retry it). */
  maxAttempts?: number;
  /** Delay before attempt n+1 (ms); exponential by default. */
  backoff?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

export const STORAGE_KEY = "afterglow.uploads.v1";
/** Saved uploads older than this are forgotten (the server sweeps them after a day). */
const SAVED_TTL_MS = 20 * 3600_000;
const PART_URL_BATCH = 50;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: UploadMessage,
  ) {
    super(detail.message);
  }
}

class Cancelled extends Error {}

const NETWORK_ERROR: UploadMessage = { message: "uploads.errors.network" };

function messageOf(body: unknown): UploadMessage {
  // The i18n key (`message` is the server-translated text, for API clients).
  const b = body as { messageKey?: unknown; values?: unknown } | null;
  return typeof b?.messageKey === "string"
    ? { message: b.messageKey, values: (b.values as UploadMessage["values"]) ?? undefined }
    : { message: "uploads.errors.failed" };
}

/** Retrying helps with these: network failures (0), timeouts, rate limits and server errors. */
const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

export function fingerprint(file: File, target: UploadTarget): string {
  const where = target.type === "content" ? `content:${target.contentId}` : "banner";
  return `${where}|${file.name}|${file.size}|${file.lastModified}`;
}

interface Internal extends UploadItem {
  partSize?: number;
  controller: AbortController;
  fingerprint: string;
  /** Progress of parts in flight: partNumber → bytes. */
  inFlight: Map<number, number>;
  done: number;
  onDone: Array<(item: UploadItem) => void>;
}

export class UploadEngine {
  private readonly list: Internal[] = [];
  private readonly transport: UploadTransport;
  private readonly storage: KeyValueStore | null;
  private onChange: () => void;
  private readonly fileConcurrency: number;
  private readonly partConcurrency: number;
  private readonly maxAttempts: number;
  private readonly backoff: (attempt: number) => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private running = 0;
  private counter = 0;
  private notifyScheduled = false;

  constructor(options: EngineOptions) {
    this.transport = options.transport;
    this.storage = options.storage ?? null;
    this.onChange = options.onChange ?? (() => undefined);
    this.fileConcurrency = options.fileConcurrency ?? 3;
    this.partConcurrency = options.partConcurrency ?? 4;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoff = options.backoff ?? ((n) => Math.min(30_000, 1000 * 2 ** (n - 1)));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
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
    this.forget(item.fingerprint);
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
    const saved = this.readSaved();
    const active = new Set(this.list.map((i) => i.fingerprint));
    return Object.entries(saved)
      .filter(([fp]) => !active.has(fp))
      .map(([fp, s]) => ({ ...s, fingerprint: fp }));
  }

  /** Gives up an interrupted upload: deletes it on the server and forgets it. */
  async discard(fp: string): Promise<void> {
    const saved = this.readSaved()[fp];
    this.forget(fp);
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

  private async run(item: Internal): Promise<void> {
    try {
      await this.upload(item);
      if ((item.status as UploadStatus) === "cancelled") return;
      item.status = "done";
      item.loaded = item.total;
      this.forget(item.fingerprint);
      for (const callback of item.onDone) callback({ ...item });
    } catch (error) {
      if (error instanceof Cancelled || (item.status as UploadStatus) === "cancelled") return;
      item.status = "error";
      item.error = error instanceof HttpError ? error.detail : NETWORK_ERROR;
      item.canRetry =
        !(error instanceof HttpError) ||
        retryable(error.status) ||
        error.detail.message === "uploads.errors.incomplete";
      // A refused file (4xx) cannot be resumed; a network failure can.
      if (
        error instanceof HttpError &&
        !retryable(error.status) &&
        error.detail.message !== "uploads.errors.incomplete"
      ) {
        this.forget(item.fingerprint);
      }
    } finally {
      this.changed();
    }
  }

  private check(item: Internal): void {
    if (item.controller.signal.aborted || item.status === "cancelled") throw new Cancelled();
  }

  /** An API call, retried on network and server errors; throws HttpError on refusal. */
  private async call(item: Internal, method: "GET" | "POST" | "DELETE", path: string, body?: unknown) {
    for (let attempt = 1; ; attempt++) {
      this.check(item);
      let res: ApiResponse;
      try {
        res = await this.transport.api(method, path, body);
      } catch {
        res = { status: 0, body: null };
      }
      if (res.status >= 200 && res.status < 300) return res.body;
      if (!retryable(res.status) || attempt >= this.maxAttempts) {
        throw new HttpError(res.status, res.status === 0 ? NETWORK_ERROR : messageOf(res.body));
      }
      await this.sleep(this.backoff(attempt));
    }
  }

  private async upload(item: Internal): Promise<void> {
    const saved = this.readSaved()[item.fingerprint];
    if (saved && !item.mediaId) {
      const resumed = await this.tryResume(item, saved);
      if (resumed) return;
    }
    if (item.mediaId && item.partSize) {
      // A retry of a multipart upload that already started in this page.
      return this.multipart(item, this.readSaved()[item.fingerprint]?.parts ?? {});
    }
    if (item.mediaId) {
      // A retry of a whole-file upload: start a fresh one, releasing the first.
      await this.transport.api("DELETE", `/api/uploads/${item.mediaId}`).catch(() => undefined);
      item.mediaId = undefined;
    }
    const created = (await this.call(item, "POST", "/api/uploads", {
      fileName: item.file.name,
      contentType: item.file.type,
      size: item.file.size,
      target: item.target,
    })) as
      | { id: string; strategy: "single"; url: string; headers: Record<string, string> }
      | { id: string; strategy: "multipart"; partSize: number; partCount: number };
    item.mediaId = created.id;
    if (created.strategy === "single") {
      await this.single(item, created.url, created.headers);
    } else {
      item.partSize = created.partSize;
      this.save(item.fingerprint, {
        mediaId: created.id,
        fileName: item.file.name,
        size: item.file.size,
        partSize: created.partSize,
        parts: {},
        savedAt: Date.now(),
      });
      await this.multipart(item, {});
    }
  }

  /** Picks up an upload an earlier page load started; false when it must start over. */
  private async tryResume(item: Internal, saved: SavedUpload): Promise<boolean> {
    let status: {
      state: string;
      strategy: string;
      partSize: number | null;
      uploadedParts: { partNumber: number; etag: string }[] | null;
    };
    try {
      status = (await this.call(item, "GET", `/api/uploads/${saved.mediaId}`)) as typeof status;
    } catch (error) {
      if (error instanceof Cancelled) throw error;
      this.forget(item.fingerprint);
      return false;
    }
    if (status.state !== "uploading") {
      this.forget(item.fingerprint);
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
    this.save(item.fingerprint, { ...saved, parts });
    await this.multipart(item, parts);
    return true;
  }

  private async single(item: Internal, url: string, headers: Record<string, string>): Promise<void> {
    await this.putWithRetry(
      item,
      () => Promise.resolve(url),
      item.file,
      headers,
      (loaded) => {
        item.loaded = loaded;
        this.changed();
      },
    );
    await this.complete(item, undefined);
  }

  private async multipart(item: Internal, known: Record<string, string>): Promise<void> {
    const partSize = item.partSize!;
    const partCount = Math.max(1, Math.ceil(item.file.size / partSize));
    const etags = new Map<number, string>(Object.entries(known).map(([n, e]) => [Number(n), e]));
    const todo = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
    const length = (n: number) => Math.min(partSize, item.file.size - (n - 1) * partSize);
    item.done = [...etags.keys()].reduce((sum, n) => sum + length(n), 0);
    item.inFlight.clear();
    const refresh = () => {
      item.loaded = item.done + [...item.inFlight.values()].reduce((a, b) => a + b, 0);
      this.changed();
    };
    refresh();

    const urls = new Map<number, string>();
    const signBatch = async (from: number) => {
      const batch = todo.filter((n) => n >= from && !urls.has(n)).slice(0, PART_URL_BATCH);
      if (batch.length === 0) return;
      const res = (await this.call(item, "POST", `/api/uploads/${item.mediaId}/parts`, {
        partNumbers: batch,
      })) as {
        parts: { partNumber: number; url: string }[];
      };
      for (const p of res.parts) urls.set(p.partNumber, p.url);
    };
    const urlFor = async (n: number, fresh: boolean) => {
      if (fresh) urls.delete(n);
      if (!urls.has(n)) await signBatch(n);
      const url = urls.get(n);
      if (!url) throw new HttpError(500, { message: "uploads.errors.failed" });
      return url;
    };

    const queue = [...todo];
    await Promise.all(
      Array.from({ length: Math.min(this.partConcurrency, queue.length) }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          const partNumber = n;
          const blob = item.file.slice(
            (partNumber - 1) * partSize,
            (partNumber - 1) * partSize + length(partNumber),
          );
          const etag = await this.putWithRetry(
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
          this.recordPart(item.fingerprint, partNumber, etag ?? "");
          refresh();
        }
      }),
    );
    await this.complete(
      item,
      [...etags.entries()].map(([partNumber, etag]) => ({ partNumber, etag })),
    );
  }

  /** PUTs to storage, retrying with backoff; a fresh URL after the first failure (it may have expired). */
  private async putWithRetry(
    item: Internal,
    url: (attempt: number) => Promise<string>,
    body: Blob,
    headers: Record<string, string>,
    onProgress: (loaded: number) => void,
  ): Promise<string | null> {
    for (let attempt = 1; ; attempt++) {
      this.check(item);
      let result: PutResult;
      try {
        result = await this.transport.put(
          await url(attempt),
          body,
          headers,
          onProgress,
          item.controller.signal,
        );
      } catch (error) {
        if (error instanceof HttpError || error instanceof Cancelled) throw error;
        result = { status: 0, etag: null };
      }
      this.check(item);
      if (result.status >= 200 && result.status < 300) return result.etag;
      onProgress(0);
      // 403: an expired signature; worth a fresh URL like a network failure.
      if ((!retryable(result.status) && result.status !== 403) || attempt >= this.maxAttempts) {
        throw new HttpError(result.status, NETWORK_ERROR);
      }
      await this.sleep(this.backoff(attempt));
    }
  }

  private async complete(
    item: Internal,
    parts: { partNumber: number; etag: string }[] | undefined,
  ): Promise<void> {
    item.status = "completing";
    this.changed();
    const media = (await this.call(
      item,
      "POST",
      `/api/uploads/${item.mediaId}/complete`,
      parts ? { parts } : {},
    )) as {
      state: string;
    };
    item.state = media.state;
  }

  // ───────────────────────────── persistence ─────────────────────────────

  private readSaved(): Record<string, SavedUpload> {
    if (!this.storage) return {};
    try {
      const all = JSON.parse(this.storage.getItem(STORAGE_KEY) ?? "{}") as Record<string, SavedUpload>;
      const fresh = Object.entries(all).filter(([, s]) => Date.now() - s.savedAt < SAVED_TTL_MS);
      return Object.fromEntries(fresh);
    } catch {
      return {};
    }
  }

  private writeSaved(all: Record<string, SavedUpload>): void {
    if (!this.storage) return;
    try {
      if (Object.keys(all).length === 0) this.storage.removeItem(STORAGE_KEY);
      else this.storage.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      // storage full or disabled: resuming after a reload is lost, uploading is not
    }
  }

  private save(fp: string, saved: SavedUpload): void {
    this.writeSaved({ ...this.readSaved(), [fp]: saved });
  }

  private recordPart(fp: string, partNumber: number, etag: string): void {
    const all = this.readSaved();
    const saved = all[fp];
    if (!saved) return;
    saved.parts[String(partNumber)] = etag;
    saved.savedAt = Date.now();
    this.writeSaved(all);
  }

  private forget(fp: string): void {
    const all = this.readSaved();
    if (!(fp in all)) return;
    delete all[fp];
    this.writeSaved(all);
  }
}

// ───────────────────────────── browser transport ─────────────────────────────

/** fetch for the app's API (same origin, cookies), XMLHttpRequest for storage PUTs (progress events). */
export const browserTransport: UploadTransport = {
  async api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  },
  put(url, body, headers, onProgress, signal) {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("PUT", url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => resolve({ status: xhr.status, etag: xhr.getResponseHeader("ETag") });
      xhr.onerror = () => resolve({ status: 0, etag: null });
      xhr.ontimeout = () => resolve({ status: 0, etag: null });
      const abort = () => xhr.abort();
      signal.addEventListener("abort", abort, { once: true });
      xhr.onabort = () => resolve({ status: 0, etag: null });
      xhr.send(body);
    });
  },
};
