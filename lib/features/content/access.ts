import type { Membership } from "@/lib/platform/tenancy/membership";
import { assertCan } from "@/lib/platform/access/permissions";

/**
 * The domain functions of content, events, media and comments check the permission again,
 * whatever the caller did: a route or action that forgot its guard still cannot let a `user`
 * change anything. (One name for the many call sites; the rule is `content.manage` of
 * `lib/platform/access/permissions.ts`.)
 */
export function assertCanManage(membership: Pick<Membership, "role">): void {
  assertCan(membership, "content.manage");
}
