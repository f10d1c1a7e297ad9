import type {
  CommentDto as PublicComment,
  CommentPage,
  EngagementSummary as EngagementState,
} from "@/lib/features/engagement/queries";
import type { ShareChannel } from "@/lib/platform/attribution/source";
import { fetchJson, type FetchJsonInit } from "@/lib/core/http/fetch-json";
import type { PublicImage } from "@/lib/surfaces/public-site/types";

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
  /** i18n key (the error body's `messageKey`), when the server gave one. */
  messageKey: string | null;
  /** Field → i18n key. */
  fieldErrors: Record<string, string>;
  leadRequired: boolean;
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

const base = (contentId: string) => `/api/content/${encodeURIComponent(contentId)}`;

async function call<T>(url: string, init?: FetchJsonInit): Promise<ApiResult<T>> {
  const result = await fetchJson<T>(url, { ...init, cache: "no-store" });
  if (result.ok) return { ok: true, data: result.data };
  return {
    ok: false,
    status: result.status,
    messageKey: result.error?.messageKey ?? null,
    fieldErrors: result.error?.fieldErrors ?? {},
    leadRequired: result.error?.leadRequired === true,
  };
}

const post = <T>(url: string, json: unknown) => call<T>(url, { method: "POST", json });

export const engagementClient = {
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
  /** "Download all" of a photo gallery: passes the lead gate; the URL then streams the ZIP. */
  downloadAll: (contentId: string, input: { lead?: LeadInput; favourites?: boolean }) =>
    post<{ url: string; fileName: string; ticket: string }>(`${base(contentId)}/download-all`, input),
  view: (contentId: string) => post<unknown>(`${base(contentId)}/views`, {}),
  /** The visitor's hearted photos of a gallery (issue #36). */
  favourites: (contentId: string) => call<{ mediaIds: string[] }>(`${base(contentId)}/favourites`),
  /** A large gallery's next photos (from `offset`), or the ones named (issue #36). */
  photos: (contentId: string, query: { offset: number } | { ids: string[] }) =>
    call<{ items: { id: string; image: PublicImage }[]; total: number }>(
      `${base(contentId)}/photos?${"ids" in query ? `ids=${query.ids.join(",")}` : `offset=${query.offset}`}`,
    ),
  favourite: (contentId: string, mediaId: string, favourite: boolean) =>
    post<{ mediaId: string; favourite: boolean }>(`${base(contentId)}/favourites`, { mediaId, favourite }),
  /** Mails the link to this visitor's favourites (the same answer whether a mail goes out). */
  favouritesLink: (contentId: string, input: { email: string; consent: boolean; locale: string }) =>
    post<{ sent: true }>(`${base(contentId)}/favourites/email`, input),
  /** The e-mailed link opened here: its favourites join this device's. */
  claimFavourites: (contentId: string, token: string) =>
    post<{ mediaIds: string[]; added: number }>(`${base(contentId)}/favourites/claim`, { token }),
  /** A password gallery's password (issue #36): the answer sets the gallery's unlock cookie. */
  unlock: (contentId: string, password: string) =>
    post<{ unlocked: true }>(`${base(contentId)}/unlock`, { password }),
  /** A password event's password (issue #36): the answer sets the event's unlock cookie. */
  unlockEvent: (eventId: string, password: string) =>
    post<{ unlocked: true }>(`/api/events/${encodeURIComponent(eventId)}/unlock`, { password }),
  /**
   * `keepalive` lets the last report leave while the page unloads (pagehide); unlike
   * `sendBeacon` it can send JSON, which the API accepts.
   */
  watchTime: (contentId: string, seconds: number) =>
    call<unknown>(`${base(contentId)}/watch-time`, {
      method: "POST",
      json: { seconds },
      keepalive: true,
    }),
};
