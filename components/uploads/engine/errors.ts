import { parseErrorBody } from "@/lib/core/error-body";
import type { UploadMessage } from "@/components/uploads/engine/types";

/** The app or storage refused a request; `detail` is what the user reads. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: UploadMessage,
  ) {
    super(detail.message);
  }
}

/** The user cancelled the upload: stop quietly. */
export class Cancelled extends Error {}

export const NETWORK_ERROR: UploadMessage = { message: "uploads.errors.network" };
export const FAILED_ERROR: UploadMessage = { message: "uploads.errors.failed" };
/** The server missed parts: the upload can resume, unlike other refusals. */
export const INCOMPLETE = "uploads.errors.incomplete";

/** The user-facing message of an error answer (the shared error body's i18n key and values). */
export function messageOf(body: unknown): UploadMessage {
  const error = parseErrorBody(body);
  if (!error) return FAILED_ERROR;
  return Object.keys(error.values).length > 0
    ? { message: error.messageKey, values: error.values }
    : { message: error.messageKey };
}

/** Retrying helps with these: network failures (0), timeouts, rate limits and server errors. */
export const retryable = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;
