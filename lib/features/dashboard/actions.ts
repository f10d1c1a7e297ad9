"use server";

import { z } from "zod";
import { dismissChecklist, markLinkShared } from "@/lib/features/dashboard/queries";
import { adminAction } from "@/lib/platform/actions/admin-action";

/**
 * The dashboard's getting-started checklist: both act on the caller's own company (from the
 * guard, never from the arguments) and take no arguments. Anyone who enters the admin area
 * sees the checklist, so entering is the permission.
 */
const dashboard = {
  permission: "admin.enter",
  schema: z.tuple([]),
  revalidate: { paths: [["/admin", "page"]] },
} as const;

export const markLinkSharedAction = adminAction(dashboard, async ({ membership }) => {
  await markLinkShared(membership.company.id);
});

export const dismissChecklistAction = adminAction(dashboard, async ({ membership }) => {
  await dismissChecklist(membership.company.id);
});
