import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A content's own fields (no relations, no ids): what the admin edit form and the public
 * pages both read, so the two cannot drift apart.
 */
export const contentFieldsSelect = {
  title: true,
  description: true,
  category: true,
  tags: true,
  kind: true,
  status: true,
  requiresLead: true,
  downloadRule: true,
  watermarkPhotos: true,
  coverMediaId: true,
  publishedAt: true,
} satisfies Prisma.ContentSelect;
