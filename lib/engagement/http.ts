import { limitChecks, type EngagementAction, type EngagementLimits } from "@/lib/engagement/limits";
import { postComment } from "@/lib/engagement/post-comment";
import { getEngagementSummary, listComments } from "@/lib/engagement/queries";
import { recordShare, recordView, recordWatchTime } from "@/lib/engagement/record-events";
import { LeadRequiredError, requestDownload } from "@/lib/engagement/request-download";
import { likeSchema, listCommentsSchema } from "@/lib/engagement/schemas";
import { toggleLike } from "@/lib/engagement/toggle-like";
import { validationError } from "@/lib/engagement/validation";
import { readCookie, readVisitor, visitorCookie, type Visitor } from "@/lib/engagement/visitor";
import { AppError, errorResponse } from "@/lib/errors";
import { localeCookieName, resolveLocale } from "@/lib/i18n/config";
import { clientIp, ipKeyPart, type ClientIpOptions } from "@/lib/rate-limit/client-ip";
import { enforceLimits, withRetryAfter } from "@/lib/rate-limit/limiter";
import { db } from "@/lib/db";

/**
 * The public engagement API's shared boilerplate (origin check, JSON body with a size cap,
 * visitor cookie, rate limits, `no-store`, error mapping) around the lib functions. The
 * route files are one line each; tests call these handlers with limits of their own.
 */
export interface EngagementHttpOptions {
  limits: EngagementLimits;
  clientIp: ClientIpOptions;
  /** Keys the IP hashes of the rate-limit table. */
  ipSecret: string;
  /** Secure cookies (the app is served over https). */
  secureCookie: boolean;
}

export type ContentRouteHandler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;

/** Comments with a lead are at most a few kilobytes; anything far larger is not ours. */
export const MAX_BODY_BYTES = 16 * 1024;

const invalidRequest = () => new AppError("validation", "engagement.errors.invalidRequest");

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" (sandboxed frames, files)
  }
}

/** A JSON body cannot be sent cross-site without a preflight; the origin check closes the rest. */
function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin && originHost(origin) !== request.headers.get("host")) {
    throw new AppError("forbidden", "engagement.errors.forbidden");
  }
}

/** The JSON body, `{}` when empty (a like or a view needs none). */
async function readJson(request: Request): Promise<unknown> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw invalidRequest();
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw invalidRequest();
  if (!text.trim()) return {};
  if (!request.headers.get("content-type")?.includes("application/json")) throw invalidRequest();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest();
  }
}

function toErrorResponse(error: unknown, context: Record<string, unknown>): Response {
  if (error instanceof LeadRequiredError) {
    return Response.json(
      { error: error.code, leadRequired: true, message: error.messageKey, fieldErrors: {} },
      { status: error.status },
    );
  }
  return withRetryAfter(errorResponse(error, context), error);
}

interface Call {
  request: Request;
  contentId: string;
  visitor: Visitor;
  /** POST only. */
  body: unknown;
}

const json = (data: unknown, status = 200) => Response.json(data, { status });

export function engagementHandlers(options: EngagementHttpOptions) {
  const handler =
    (
      method: "GET" | "POST",
      action: EngagementAction | null,
      run: (call: Call) => Promise<Response>,
    ): ContentRouteHandler =>
    async (request, { params }) => {
      const visitor = readVisitor(request);
      let contentId = "";
      let response: Response;
      try {
        contentId = (await params).id;
        let body: unknown;
        if (method === "POST") {
          assertSameOrigin(request);
          body = await readJson(request);
        }
        if (action) {
          const ip = clientIp(request.headers, options.clientIp);
          const ipKey = ip ? ipKeyPart(ip, options.ipSecret) : null;
          await enforceLimits(
            db,
            limitChecks(options.limits, action, visitor.id, ipKey),
            options.limits.windowSeconds,
          );
        }
        response = await run({ request, contentId, visitor, body });
      } catch (error) {
        response = toErrorResponse(error, { route: "engagement", action, contentId });
      }
      response.headers.set("Cache-Control", "no-store");
      if (visitor.isNew)
        response.headers.append("Set-Cookie", visitorCookie(visitor.id, options.secureCookie));
      return response;
    };

  return {
    summary: handler("GET", null, async ({ contentId, visitor }) =>
      json(await getEngagementSummary(contentId, visitor.id)),
    ),
    like: handler("POST", "like", async ({ contentId, visitor, body }) => {
      const parsed = likeSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
      return json(await toggleLike(contentId, visitor.id, parsed.data.liked));
    }),
    listComments: handler("GET", null, async ({ contentId, request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = listCommentsSchema.safeParse(query);
      if (!parsed.success) throw validationError(parsed.error);
      return json(await listComments(contentId, parsed.data));
    }),
    postComment: handler("POST", "comment", async ({ contentId, visitor, body }) => {
      const { comment, created } = await postComment(contentId, visitor.id, body);
      return json({ comment }, created ? 201 : 200);
    }),
    share: handler("POST", "share", async ({ contentId, visitor, body }) => {
      await recordShare(contentId, visitor.id, body);
      return json({ ok: true }, 201);
    }),
    download: handler("POST", "download", async ({ contentId, visitor, body, request }) => {
      const locale = resolveLocale(readCookie(request, localeCookieName));
      return json(await requestDownload(contentId, visitor.id, body, locale));
    }),
    view: handler("POST", "view", async ({ contentId, visitor }) => {
      await recordView(contentId, visitor.id);
      return json({ ok: true }, 202);
    }),
    watchTime: handler("POST", "watchTime", async ({ contentId, visitor, body }) => {
      await recordWatchTime(contentId, visitor.id, body);
      return json({ ok: true }, 202);
    }),
  };
}
