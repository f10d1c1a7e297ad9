/**
 * The JSON body of every error answer of the app's HTTP API: written by the server's one
 * mapper (`lib/core/errors.ts`) and read by the browser's one `fetchJson` (`lib/core/http/fetch-json.ts`).
 * Type-only and dependency-free, so client code can import it without bundling the server.
 */
export const errorCodes = [
  "validation",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "too_large",
  "rate_limited",
  "internal",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Values interpolated into a message, e.g. `{ limit: "200 MB" }` for "less than {limit}". */
export type MessageValues = Record<string, string | number>;

export interface ErrorBody {
  /** Stable machine-readable code. */
  code: ErrorCode;
  /** i18n key of the message (messages/*.json), for clients that translate themselves. */
  messageKey: string;
  /** The message in the request's language, for API clients that just show it. */
  message: string;
  /** Values interpolated into the message. */
  values: MessageValues;
  /** Field → i18n key, for forms. */
  fieldErrors: Record<string, string>;
  /** A gated download needs a lead first. */
  leadRequired?: true;
  /** Seconds until a rate-limited request may be retried (also sent as `Retry-After`). */
  retryAfter?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads an error body defensively (a proxy's HTML page or an old shape gives null). */
export function parseErrorBody(value: unknown): ErrorBody | null {
  if (!isRecord(value) || typeof value.messageKey !== "string") return null;
  const code = (errorCodes as readonly unknown[]).includes(value.code)
    ? (value.code as ErrorCode)
    : "internal";
  const strings = (record: unknown) =>
    isRecord(record)
      ? Object.fromEntries(Object.entries(record).filter(([, v]) => typeof v === "string"))
      : {};
  const values = isRecord(value.values)
    ? (Object.fromEntries(
        Object.entries(value.values).filter(([, v]) => typeof v === "string" || typeof v === "number"),
      ) as MessageValues)
    : {};
  return {
    code,
    messageKey: value.messageKey,
    message: typeof value.message === "string" ? value.message : value.messageKey,
    values,
    fieldErrors: strings(value.fieldErrors) as Record<string, string>,
    ...(value.leadRequired === true ? { leadRequired: true as const } : {}),
    ...(typeof value.retryAfter === "number" ? { retryAfter: value.retryAfter } : {}),
  };
}
