import "server-only";
import { appUrl } from "@/lib/core/env";
import { listContents } from "@/lib/features/content/queries";
import { setContentStatus } from "@/lib/features/content/save-content";
import { assertCan } from "@/lib/platform/access/permissions";
import { revalidatePublic } from "@/lib/platform/site/cache-tags";
import { tenantLinks } from "@/lib/platform/site/links";
import { defineOperation } from "@/lib/surfaces/public-api/operation";
import { cursorOrThrow } from "@/lib/surfaces/public-api/operations/shared";
import { content, contentIdParams, contentQuery, pageOf } from "@/lib/surfaces/public-api/schemas";

/**
 * Galleries and single items (issue #38): the admin's content list and its publish control, with
 * the key maker's membership. Publishing goes through `setContentStatus`, so it writes the
 * `content.published` webhook message in the same transaction, as the admin's button does, and
 * the public pages that show the item are refreshed as after the admin's action.
 */

export const listContentOperation = defineOperation({
  operationId: "listContent",
  method: "GET",
  path: "/content",
  scope: "content:read",
  tag: "Content",
  summary: "List content",
  description: "The company's galleries and single items, last changed first, drafts and archived included.",
  query: contentQuery,
  response: { schema: pageOf(content, "Content"), description: "A page of items." },
  async handle({ caller, query }) {
    // The admin's content list asks the same of its reader.
    assertCan(caller.membership, "content.manage");
    const company = caller.membership.company;
    const page = await listContents(
      company.id,
      { cursor: cursorOrThrow(query.cursor), status: query.status, kind: query.kind, eventId: query.eventId },
      query.limit,
    );
    const links = tenantLinks("path", company.slug);
    return {
      data: page.items.map((c) => ({
        id: c.id,
        title: c.title,
        kind: c.kind,
        status: c.status,
        visibility: c.visibility,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
        publishedAt: c.publishedAt,
        url: `${appUrl}${links.player(c.id)}`,
        eventIds: c.events.map((e) => e.id),
      })),
      nextCursor: page.nextCursor,
    };
  },
});

function statusOperation(action: "publish" | "unpublish") {
  const publish = action === "publish";
  return defineOperation({
    operationId: publish ? "publishContent" : "unpublishContent",
    method: "POST",
    path: `/content/{id}/${action}`,
    scope: "content:write",
    tag: "Content",
    summary: publish ? "Publish an item" : "Unpublish an item",
    description: publish
      ? "Puts an item live for fans. Going live (again) sends the `content.published` webhook; an item already live is left as it is."
      : "Takes an item off fans' pages: it becomes a draft again (its files, comments and counts stay).",
    params: contentIdParams,
    notFound: true,
    async handle({ caller, params }) {
      const { changed } = await setContentStatus(
        caller.membership,
        params.id,
        publish ? "published" : "draft",
      );
      revalidatePublic(changed);
    },
  });
}

export const publishContentOperation = statusOperation("publish");
export const unpublishContentOperation = statusOperation("unpublish");
