import {
  attachmentHeader,
  type DownloadAllLimits,
  openDownloadAll,
  prepareDownloadAll,
  ZIP_SCOPE_PARAM,
  zipStartedCookie,
} from "@/lib/features/engagement/download-all";
import { issueVisitorCookie } from "@/lib/platform/visitors/issue";
import { limitChecks, type EngagementAction } from "@/lib/platform/visitors/limits";
import {
  clientIpKey,
  newVisitorIpKey,
  type VisitorRequestOptions,
} from "@/lib/platform/visitors/request-options";
import { postComment } from "@/lib/features/engagement/post-comment";
import { forgetSharedComments, listComments } from "@/lib/features/engagement/queries";
import { forgetSharedSummary, getEngagementSummary } from "@/lib/features/engagement/summary";
import { recordShare, recordView, recordWatchTime } from "@/lib/features/engagement/record-events";
import { requestDownload } from "@/lib/features/engagement/request-download";
import { openVideoDownload } from "@/lib/features/engagement/video-download";
import type { ZipSlotLimits } from "@/lib/features/engagement/zip-slots";
import { likeSchema, listCommentsSchema } from "@/lib/features/engagement/schemas";
import { toggleLike } from "@/lib/features/engagement/toggle-like";
import { readCookie, readVisitor, type Visitor } from "@/lib/platform/visitors/visitor";
import { parseOrThrow } from "@/lib/core/errors";
import { assertSameOrigin, readJsonBody } from "@/lib/core/http/request";
import { respond } from "@/lib/core/http/route";
import {
  appendAnswerHeader,
  type FanAnswer,
  jsonAnswer,
  setAnswerHeader,
  toResponse,
} from "@/lib/surfaces/fan-api/answer";
import { localeCookieName, resolveLocale } from "@/lib/core/i18n/config";
import { fanLimitStore } from "@/lib/core/rate-limit/batched-store";
import { enforceLimits, type LimitStore } from "@/lib/core/rate-limit/limiter";
import { assertGalleryOpen } from "@/lib/platform/site/gallery-gate";
import type { UnlockKind } from "@/lib/platform/site/gallery-access";
import { unlockEvent, unlockGallery, unlockSetCookie } from "@/lib/features/engagement/unlock-gallery";
import { listFavourites, setFavourite } from "@/lib/features/engagement/favourites";
import { loadGalleryPhotos } from "@/lib/surfaces/public-site/load-gallery-photos";
import { claimFavourites, requestFavouritesLink } from "@/lib/features/engagement/favourites-transfer";

/**
 * The public engagement API's shared boilerplate (origin check and JSON body from `lib/http`,
 * visitor cookie, rate limits, `no-store`, the one error mapper) around the lib functions. The
 * route files are one line each; tests call these handlers with limits of their own.
 */
export interface EngagementHttpOptions extends VisitorRequestOptions {
  /** Where the limits are counted: by default the batched store of the fans' hot path. */
  limitStore?: LimitStore;
  /** "Download all"'s sizes, slots and pace: by default DOWNLOAD_ALL_LIMITS. */
  downloadAll?: DownloadAllLimits;
  /** Fans' video downloads' slots: by default VIDEO_SLOT_LIMITS. */
  videoSlots?: ZipSlotLimits;
}

type RouteContext = { params: Promise<{ id: string }> };

/** The same handler, answering a `JsonAnswer` as it is (for the front door: answer.ts). */
export type AnswerHandler = (request: Request, context: RouteContext) => Promise<FanAnswer>;

export type ContentRouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  answer?: AnswerHandler;
};

/** Comments with a lead are at most a few kilobytes; anything far larger is not ours. */
export const MAX_BODY_BYTES = 16 * 1024;

/** The JSON body, `{}` when empty (a like or a view needs none). */
const readBody = (request: Request) =>
  readJsonBody(request, {
    maxBytes: MAX_BODY_BYTES,
    messageKey: "engagement.errors.invalidRequest",
    allowEmpty: true,
  });

interface Call {
  request: Request;
  contentId: string;
  visitor: Visitor;
  /** POST only. */
  body: unknown;
}

const json = jsonAnswer;

export function engagementHandlers(options: EngagementHttpOptions) {
  const store = options.limitStore ?? fanLimitStore;
  const handler = (
    method: "GET" | "POST",
    action: EngagementAction | null,
    run: (call: Call) => Promise<FanAnswer>,
  ): ContentRouteHandler => {
    const answer: AnswerHandler = async (request, { params }) => {
      const visitor = readVisitor(request);
      const ipKey = newVisitorIpKey(request, visitor, options);
      let contentId = "";
      const response = await respond<FanAnswer>(
        request,
        async () => {
          contentId = (await params).id;
          // Expired, or a password gallery this browser has not unlocked: as if it did not exist.
          await assertGalleryOpen(request, contentId);
          let body: unknown;
          if (method === "POST") {
            assertSameOrigin(request, { messageKey: "engagement.errors.forbidden" });
            body = await readBody(request);
          }
          if (action) {
            // Only a cookie-less request is limited by its address (lib/platform/visitors/limits.ts).
            await enforceLimits(
              limitChecks(options.limits, action, visitor, ipKey),
              options.limits.windowSeconds,
              undefined,
              store,
            );
          }
          return run({ request, contentId, visitor, body });
        },
        () => ({ route: "engagement", action, contentId }),
      );
      setAnswerHeader(response, "Cache-Control", "no-store");
      // A new id only while this address is under its ceiling of new visitors (a client that
      // keeps dropping its cookie to start afresh stays cookie-less, under `anonPerIp`).
      const cookie = await issueVisitorCookie(request, visitor, options, store);
      if (cookie) appendAnswerHeader(response, "Set-Cookie", cookie);
      return response;
    };
    return Object.assign(
      async (request: Request, context: RouteContext) => toResponse(await answer(request, context)),
      { answer },
    );
  };

  return {
    // A first visit (no cookie) has nothing of its own to look up: the shared answer (summary.ts).
    summary: handler("GET", null, async ({ contentId, visitor }) =>
      json(await getEngagementSummary(contentId, visitor.isNew ? null : visitor.id)),
    ),
    like: handler("POST", "like", async ({ contentId, visitor, body }) => {
      const { liked } = parseOrThrow(likeSchema, body, { message: "field" });
      const state = await toggleLike(contentId, visitor.id, liked, visitor.source);
      forgetSharedSummary(contentId);
      return json(state);
    }),
    // Nothing in a page of comments is the visitor's: first pages are shared (queries.ts).
    listComments: handler("GET", null, async ({ contentId, request }) => {
      const search = Object.fromEntries(new URL(request.url).searchParams);
      const query = parseOrThrow(listCommentsSchema, search, { message: "field" });
      return json(await listComments(contentId, query, { shared: true }));
    }),
    postComment: handler("POST", "comment", async ({ contentId, visitor, body }) => {
      const { comment, created } = await postComment(contentId, visitor.id, body, visitor.source);
      forgetSharedSummary(contentId);
      forgetSharedComments(contentId);
      return json({ comment }, created ? 201 : 200);
    }),
    share: handler("POST", "share", async ({ contentId, visitor, body }) => {
      await recordShare(contentId, visitor.id, body, visitor.source);
      return json({ ok: true }, 201);
    }),
    download: handler("POST", "download", async ({ contentId, visitor, body, request }) => {
      const locale = resolveLocale(readCookie(request, localeCookieName));
      const clientKey = clientIpKey(request, options) ?? "unknown";
      return json(await requestDownload(contentId, visitor.id, body, locale, visitor.source, clientKey));
    }),
    // An MP4/MOV granted by the POST above, streamed without its metadata (whole or one range).
    videoDownload: handler("GET", "download", async ({ contentId, visitor, request }) =>
      openVideoDownload(
        contentId,
        visitor.id,
        new URL(request.url).searchParams.get("t"),
        request.headers,
        clientIpKey(request, options) ?? "unknown",
        options.videoSlots,
      ),
    ),
    // "Download all": the POST passes the lead gate, the GET streams the ZIP (same limits).
    prepareDownloadAll: handler("POST", "download", async ({ contentId, visitor, body, request }) => {
      const locale = resolveLocale(readCookie(request, localeCookieName));
      const clientKey = clientIpKey(request, options) ?? "unknown";
      return json(
        await prepareDownloadAll(contentId, visitor.id, body, locale, visitor.source, undefined, clientKey),
      );
    }),
    downloadAll: handler("GET", "download", async ({ contentId, visitor, request }) => {
      const query = new URL(request.url).searchParams;
      const ticket = query.get("t");
      const scope = query.get(ZIP_SCOPE_PARAM) === "favourites" ? "favourites" : "all";
      // The address's share of the ZIP slots: the same client address, and the same keyed hash of
      // it, as every other limit (requests without a trusted one share one share).
      const clientKey = clientIpKey(request, options) ?? "unknown";
      const zip = await openDownloadAll(
        contentId,
        visitor.id,
        ticket,
        visitor.source,
        clientKey,
        options.downloadAll,
        scope,
        resolveLocale(readCookie(request, localeCookieName)),
      );
      return new Response(zip.body, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": attachmentHeader(zip.fileName),
          "Set-Cookie": zipStartedCookie(zip.ticket),
        },
      });
    }),
    /** GET /api/content/{id}/photos?offset= | ?ids= — a large gallery's next photos (issue #36). */
    photos: handler("GET", null, async ({ contentId, request }) =>
      json(await loadGalleryPhotos(contentId, Object.fromEntries(new URL(request.url).searchParams))),
    ),
    /** GET /api/content/{id}/favourites — this visitor's hearted photos (issue #36). */
    favourites: handler("GET", null, async ({ contentId, visitor }) =>
      json(visitor.isNew ? { mediaIds: [] } : await listFavourites(contentId, visitor.id)),
    ),
    /** POST /api/content/{id}/favourites — `{ mediaId, favourite }`: set, not toggle (a retry changes nothing). */
    favourite: handler("POST", "like", async ({ contentId, visitor, body }) =>
      json(await setFavourite(contentId, visitor.id, body)),
    ),
    /**
     * POST /api/content/{id}/favourites/email — `{ email, consent }`: mail this visitor the link to
     * their favourites. The same 202 whether a mail goes out (it is sent after the answer).
     */
    favouritesLink: handler("POST", null, async ({ contentId, visitor, body, request }) => {
      const { delivery } = await requestFavouritesLink(contentId, visitor, body, {
        clientKey: clientIpKey(request, options) ?? "unknown",
        locale: resolveLocale(readCookie(request, localeCookieName)),
      });
      void delivery;
      return json({ sent: true }, 202);
    }),
    /** POST /api/content/{id}/favourites/claim — `{ token }`: the e-mailed link, opened on this device. */
    claimFavourites: handler("POST", "like", async ({ contentId, visitor, body, request }) =>
      json(await claimFavourites(contentId, visitor.id, body, clientIpKey(request, options) ?? "unknown")),
    ),
    view: handler("POST", "view", async ({ contentId, visitor }) => {
      await recordView(contentId, visitor.id, visitor.source);
      return json({ ok: true }, 202);
    }),
    watchTime: handler("POST", "watchTime", async ({ contentId, visitor, body }) => {
      await recordWatchTime(contentId, visitor.id, body, visitor.source);
      return json({ ok: true }, 202);
    }),
    /**
     * POST /api/content/{id}/unlock — a password gallery's password (issue #36). Not behind the
     * gallery gate (it is the way through it), nor the visitor cookie: its wrong guesses are
     * limited per gallery and address (unlock-gallery.ts).
     */
    unlock: unlockHandler("gallery", options),
    /** POST /api/events/{id}/unlock — a password event's password, limited the same way. */
    unlockEvent: unlockHandler("event", options),
  };
}

/** The unlock routes: a gallery's or an event's password, answered with its unlock cookie. */
function unlockHandler(kind: UnlockKind, options: EngagementHttpOptions): ContentRouteHandler {
  const unlock = kind === "event" ? unlockEvent : unlockGallery;
  return async (request, { params }) => {
    let id = "";
    const response = await respond(
      request,
      async () => {
        id = (await params).id;
        assertSameOrigin(request, { messageKey: "engagement.errors.forbidden" });
        const body = await readBody(request);
        const token = await unlock(id, body, clientIpKey(request, options) ?? "unknown");
        const answer = json({ unlocked: true });
        appendAnswerHeader(answer, "Set-Cookie", unlockSetCookie(id, token, options.secureCookie, kind));
        return toResponse(answer);
      },
      () => ({
        route: "engagement",
        action: kind === "event" ? "unlockEvent" : "unlock",
        ...(kind === "event" ? { eventId: id } : { contentId: id }),
      }),
    );
    response.headers.set("Cache-Control", "no-store");
    return response;
  };
}
