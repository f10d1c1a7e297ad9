import type {
  CommentDto as PublicComment,
  CommentPage,
  EngagementSummary as EngagementState,
} from "@/lib/engagement/queries";
import type { ShareChannel } from "@/lib/engagement/schemas";

// The wire shapes are the server's own types (type-only: nothing of the server is bundled).
export type { CommentPage, EngagementState, PublicComment, ShareChannel };

/**
 * The player's client for the public engagement API (`/api/content/{id}/…`). Every call
 * resolves to a result, never throws: failures carry the server's i18n message key and field
 * keys, so the UI can show them in the visitor's language.
 */

export interface LeadInput {
  name: string;
  email: string;
  phone?: string;
  company?: string;
  consent: boolean;
}

export interface ApiFailure {
  ok: false;
  /** 0 when the request never reached the server. */
  status: number;
  /** i18n key, when the server gave one. */
  message: string | null;
  /** Field → i18n key. */
  fieldErrors: Record<string, string>;
  leadRequired: boolean;
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

const base = (contentId: string) => `/api/content/${encodeURIComponent(contentId)}`;

async function call<T>(url: string, init?: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      cache: "no-store",
      headers: init?.body ? { "content-type": "application/json" } : undefined,
    });
  } catch {
    return { ok: false, status: 0, message: null, fieldErrors: {}, leadRequired: false };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, data: body as T };
  const fieldErrors =
    body && typeof body.fieldErrors === "object" && body.fieldErrors !== null
      ? (body.fieldErrors as Record<string, string>)
      : {};
  return {
    ok: false,
    status: response.status,
    // The i18n key (`message` is the server-translated text, for API clients).
    message: typeof body?.messageKey === "string" ? body.messageKey : null,
    fieldErrors,
    leadRequired: body?.leadRequired === true,
  };
}

const post = <T>(url: string, body: unknown) => call<T>(url, { method: "POST", body: JSON.stringify(body) });

export const engagementApi = {
  state: (contentId: string) => call<EngagementState>(`${base(contentId)}/engagement`),
  /** The desired state, not a toggle: a retried request cannot flip it back. */
  like: (contentId: string, liked: boolean) =>
    post<{ liked: boolean; likes: number }>(`${base(contentId)}/like`, { liked }),
  comments: (contentId: string, cursor: string | null, limit: number) => {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set("cursor", cursor);
    return call<CommentPage>(`${base(contentId)}/comments?${query}`);
  },
  comment: (contentId: string, input: { name?: string; rating: number; text: string; requestId: string }) =>
    post<{ comment: PublicComment }>(`${base(contentId)}/comments`, input),
  share: (contentId: string, channel: ShareChannel) =>
    post<{ ok: true }>(`${base(contentId)}/shares`, { channel }),
  download: (contentId: string, input: { mediaId?: string; lead?: LeadInput }) =>
    post<{ url: string; fileName: string }>(`${base(contentId)}/downloads`, input),
  view: (contentId: string) => post<unknown>(`${base(contentId)}/views`, {}),
  /**
   * `keepalive` lets the last report leave while the page unloads (pagehide); unlike
   * `sendBeacon` it can send JSON, which the API accepts.
   */
  watchTime: (contentId: string, seconds: number) =>
    call<unknown>(`${base(contentId)}/watch-time`, {
      method: "POST",
      body: JSON.stringify({ seconds }),
      keepalive: true,
    }),
};
