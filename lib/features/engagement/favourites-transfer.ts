import { createHash } from "node:crypto";
import { db } from "@/lib/core/db";
import { AppError, parseOrThrow } from "@/lib/core/errors";
import type { Locale } from "@/lib/core/i18n/config";
import { consumeLimits, enforceLimits } from "@/lib/core/rate-limit/limiter";
import { mailboxLimitKey } from "@/lib/core/rate-limit/mailbox-key";
import { favouritesLinkUrl, sendFavouritesLinkEmail } from "@/lib/features/engagement/favourites-email";
import { favouritesLinkToken, readFavouritesLinkToken } from "@/lib/features/engagement/favourites-link";
import { listFavourites, MAX_FAVOURITES_PER_GALLERY } from "@/lib/features/engagement/favourites";
import {
  getPublicContentOrThrow,
  type EngagedContent,
} from "@/lib/features/engagement/get-public-content-or-throw";
import { favouritesClaimSchema, favouritesLinkSchema } from "@/lib/features/engagement/schemas";
import { fanMediaWhere } from "@/lib/platform/site/visibility";

/**
 * A fan's favourites on another device (issue #36), through an e-mailed link.
 *
 * Decision: opening the link *copies* the favourites of the device that asked into the device
 * that opens it (a merge: nothing is duplicated, nothing removed), rather than keying both
 * devices to one list by e-mail. A fan picks on one screen and looks or downloads on another;
 * the link keeps working for its days, so opening it again brings the hearts added since. A
 * shared list would also let a link the fan never asked for (someone typed their address) tie
 * their device to a stranger's list, which would then see every photo they heart; a copy can
 * only ever hand them someone's picks. The organiser counts a fan once: a copied row keeps
 * whose heart it was (`heartOf`).
 *
 * The address is never stored nor looked up: anyone may ask for a link to any address, and the
 * answer is the same whether or not a mail goes out (the visitor has favourites, the address is
 * under its limits), since the mail is sent after the answer.
 */
export const FAVOURITES_LINKS_PER_CLIENT_PER_HOUR = 10;
export const FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR = 3;
export const FAVOURITES_LINKS_PER_ADDRESS_PER_DAY = 10;
/**
 * Openings of a link that copy hearts (on a device other than the one that asked): a fan opens it
 * on a few devices; a script minting a visitor per opening would multiply the gallery's rows.
 */
export const FAVOURITES_CLAIMS_PER_TOKEN_PER_DAY = 10;
export const FAVOURITES_CLAIMS_PER_CLIENT_PER_HOUR = 20;
const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** A link's mail: sent (true) or not (no favourites, over a limit, or a failure, logged). */
export type Delivery = Promise<boolean>;

/**
 * "Get my favourites on another device": validates the form, counts the asking client (429 past
 * its hourly allowance: its own behaviour, nothing about the address), and starts the mail. The
 * caller answers without waiting for `delivery`.
 */
export async function requestFavouritesLink(
  contentId: string,
  visitor: { id: string; isNew: boolean },
  input: unknown,
  context: { clientKey: string; locale: Locale },
): Promise<{ delivery: Delivery }> {
  const { email, locale } = parseOrThrow(favouritesLinkSchema, input, { message: "field" });
  const content = await getPublicContentOrThrow(contentId);
  await enforceLimits(
    [{ key: `fav-link-client|${context.clientKey}`, limit: FAVOURITES_LINKS_PER_CLIENT_PER_HOUR }],
    HOUR_SECONDS,
  );
  return {
    delivery: deliverFavouritesLink(
      content,
      visitor.isNew ? null : visitor.id,
      email,
      locale ?? context.locale,
    ),
  };
}

/**
 * Mails the link to this visitor's favourites of the gallery, if they have any and the address is
 * under its limits (per hour, and per day from every client together; its mailbox, keyed: see
 * mailbox-key.ts). `leadClient`: the lead path's client, whose hourly allowance of links is
 * counted here, silently (the form counts it when asked, with a 429). Never throws.
 */
export async function deliverFavouritesLink(
  content: EngagedContent,
  visitorId: string | null,
  email: string,
  locale: Locale,
  leadClient?: string,
): Delivery {
  try {
    if (!visitorId) return false;
    const [hearted, gallery] = await Promise.all([
      db.favourite.findFirst({
        where: { contentId: content.id, visitorId, media: fanMediaWhere },
        select: { mediaId: true },
      }),
      db.content.findUnique({
        where: { id: content.id },
        select: { title: true, company: { select: { slug: true } } },
      }),
    ]);
    if (!hearted || !gallery) return false;
    if (leadClient !== undefined) {
      const client = await consumeLimits(
        [{ key: `fav-link-client|${leadClient}`, limit: FAVOURITES_LINKS_PER_CLIENT_PER_HOUR }],
        HOUR_SECONDS,
      );
      if (!client.allowed) {
        console.warn("[afterglow] favourites link not sent: too many from this client");
        return false;
      }
    }
    const recipient = mailboxLimitKey(email);
    const hourly = await consumeLimits(
      [{ key: `fav-link-mail|${recipient}`, limit: FAVOURITES_LINKS_PER_ADDRESS_PER_HOUR }],
      HOUR_SECONDS,
    );
    const daily = hourly.allowed
      ? await consumeLimits(
          [{ key: `fav-link-mail-day|${recipient}`, limit: FAVOURITES_LINKS_PER_ADDRESS_PER_DAY }],
          DAY_SECONDS,
        )
      : hourly;
    if (!daily.allowed) {
      console.warn("[afterglow] favourites link not sent: too many for this address");
      return false;
    }
    const token = favouritesLinkToken(content.id, visitorId);
    await sendFavouritesLinkEmail({
      to: email,
      companyId: content.companyId,
      galleryTitle: gallery.title,
      url: favouritesLinkUrl(gallery.company.slug, content.id, token),
      locale,
    });
    return true;
  } catch (error) {
    // Never the error itself: a mail server's answer names the address ("550 <fan@…>: no such user").
    console.error("[afterglow] favourites link not sent", { contentId: content.id, ...failureOf(error) });
    return false;
  }
}

/** What a failure may say in a log: its class and the mail server's status code, nothing typed by a fan. */
function failureOf(error: unknown): { error: string; code?: string | number } {
  if (!(error instanceof Error)) return { error: "unknown" };
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  const status =
    typeof responseCode === "number" ? responseCode : typeof code === "string" ? code : undefined;
  return { error: error.name, ...(status !== undefined ? { code: status } : {}) };
}

const linkInvalid = () => new AppError("validation", "engagement.errors.favouritesLinkInvalid");
const linkExpired = () => new AppError("validation", "engagement.errors.favouritesLinkExpired");

/**
 * Opens the e-mailed link on this device: the favourites of the visitor it names, in this
 * gallery only (the photos fans may see of it, as `fanMediaWhere`; the company's rows), are added
 * to this visitor's (at most MAX_FAVOURITES_PER_GALLERY in all); rows this visitor has are kept
 * as they are, so a second opening, or one on the device that asked, adds nothing. Answers this
 * visitor's favourites.
 */
export async function claimFavourites(
  contentId: string,
  visitorId: string,
  input: unknown,
  clientKey: string,
): Promise<{ mediaIds: string[]; added: number }> {
  const { token } = parseOrThrow(favouritesClaimSchema, input, { message: "field" });
  const content = await getPublicContentOrThrow(contentId);
  const check = readFavouritesLinkToken(token, content.id);
  if (!check.ok) throw check.reason === "expired" ? linkExpired() : linkInvalid();
  let added = 0;
  if (check.visitorId !== visitorId) {
    // Per token (its hash: a live token is never a limiter key) and per client, each its own window.
    const tokenKey = createHash("sha256").update(token).digest("hex");
    await enforceLimits(
      [{ key: `fav-claim-token|${tokenKey}`, limit: FAVOURITES_CLAIMS_PER_TOKEN_PER_DAY }],
      DAY_SECONDS,
    );
    await enforceLimits(
      [{ key: `fav-claim-client|${clientKey}`, limit: FAVOURITES_CLAIMS_PER_CLIENT_PER_HOUR }],
      HOUR_SECONDS,
    );
    added = await db.$executeRaw`
      INSERT INTO "favourite" ("mediaId", "visitorId", "contentId", "companyId", "createdAt", "heartOf")
      SELECT f."mediaId", ${visitorId}, f."contentId", f."companyId", f."createdAt",
        NULLIF(COALESCE(f."heartOf", f."visitorId"), ${visitorId})
      FROM "favourite" f
      JOIN "media_file" m ON m."id" = f."mediaId" AND m."contentId" = f."contentId"
        AND m."kind" = 'photo' AND m."state" = 'ready' AND NOT m."hidden"
      WHERE f."contentId" = ${content.id} AND f."companyId" = ${content.companyId}
        AND f."visitorId" = ${check.visitorId}
        AND NOT EXISTS (SELECT 1 FROM "favourite" t WHERE t."mediaId" = f."mediaId" AND t."visitorId" = ${visitorId})
      ORDER BY f."createdAt", f."mediaId"
      LIMIT GREATEST(0, ${MAX_FAVOURITES_PER_GALLERY}::int - (
        SELECT count(*)::int FROM "favourite" WHERE "contentId" = ${content.id} AND "visitorId" = ${visitorId}))
      ON CONFLICT DO NOTHING`;
  }
  return { ...(await listFavourites(content.id, visitorId)), added };
}
