"use server";

import { z } from "zod";
import { createQrCode, deleteQrCode } from "@/lib/features/short-links/qr-codes";
import { qrItemSchema } from "@/lib/features/short-links/schemas";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { validatedByLib } from "@/lib/core/validation/common";

// Managers and admins (events.manage and content.manage are the same roles); the lib
// function asks the item's own permission and the plan again.
export const createQrCodeAction = adminAction(
  { permission: "content.manage", schema: z.tuple([qrItemSchema, validatedByLib<unknown>()]) },
  async ({ membership }, item, label) => createQrCode(membership, item, label),
);

export const deleteQrCodeAction = adminAction(
  { permission: "content.manage", schema: z.tuple([z.string().min(1).max(64)]) },
  async ({ membership }, id) => deleteQrCode(membership, id),
);
