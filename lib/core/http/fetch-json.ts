import { parseErrorBody, type ErrorBody } from "@/lib/core/error-body";

/**
 * The browser's one way to call the app's JSON API (client-safe: no server imports). It never
 * throws: a success resolves to the parsed body, a refusal to the server's error body (the
 * contract of `lib/core/error-body.ts`), and a body that is not that contract (a proxy's HTML
 * 502, an empty answer) or a request that never reached the server to `error: null`.
 * Callers translate `error.messageKey` with the client's `t(key, values)`.
 */

export type FetchJsonFailure = {
  ok: false;
  /** 0 when the request never reached the server (offline, aborted, DNS). */
  status: number;
  error: ErrorBody | null;
  /**
   * The answer's JSON as sent (null when it was not JSON), for the one API with its own error
   * shape: Better Auth's `{ code, message }` (lib/platform/auth/client.ts).
   */
  body: unknown;
};

export type FetchJsonResult<T> = { ok: true; status: number; data: T } | FetchJsonFailure;

export interface FetchJsonInit extends Omit<RequestInit, "body" | "headers"> {
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function fetchJson<T>(url: string, init: FetchJsonInit = {}): Promise<FetchJsonResult<T>> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: json === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    return { ok: false, status: 0, error: null, body: null };
  }
  const body = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  return { ok: false, status: response.status, error: parseErrorBody(body), body };
}
