import type { CompletedUpload } from "@/lib/features/uploads/complete-upload";
import type { CreatedUpload } from "@/lib/features/uploads/create-upload";
import type { signUploadParts, UploadStatus as ServerUploadStatus } from "@/lib/features/uploads/get-upload";
import type { UploadTarget } from "@/lib/features/uploads/schemas";

// The wire shapes are the server's own types (type-only: nothing of the server is bundled).
export type { CompletedUpload, CreatedUpload, ServerUploadStatus, UploadTarget };
export type SignedParts = Awaited<ReturnType<typeof signUploadParts>>;

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
  /** The answer's JSON: the resource on success, the error body (`lib/core/error-body.ts`) on failure. */
  body: unknown;
}

export interface PutResult {
  status: number;
  etag: string | null;
}

export type ApiMethod = "GET" | "POST" | "DELETE";

export interface UploadTransport {
  api(method: ApiMethod, path: string, body?: unknown): Promise<ApiResponse>;
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

/** An item with what the engine tracks while it uploads. */
export interface InternalItem extends UploadItem {
  partSize?: number;
  controller: AbortController;
  fingerprint: string;
  /** Progress of parts in flight: partNumber → bytes. */
  inFlight: Map<number, number>;
  done: number;
  onDone: Array<(item: UploadItem) => void>;
}
