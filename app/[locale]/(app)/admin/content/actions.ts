"use server";

import {
  deleteContent,
  deleteMediaItem,
  reorderMedia,
  retryMedia,
  setCover,
} from "@/lib/content/manage-media";
import { createContent, setContentStatus, updateContent } from "@/lib/content/save-content";
import type { ContentInput } from "@/lib/content/schemas";
import type { ContentStatus } from "@/lib/generated/prisma/enums";
import { revalidatePublic } from "@/lib/public/cache-tags";
import { requireMembership } from "@/lib/tenancy/guard";
import { toDetailedActionError, type DetailedActionResult } from "@/lib/uploads/errors";

/**
 * Content admin actions: guard → lib (validates with zod, scopes by the company) →
 * refresh the public pages that show what changed. Errors come back as i18n keys.
 */
async function run<T>(
  work: (
    membership: Awaited<ReturnType<typeof requireMembership>>,
  ) => Promise<{ data: T; changed?: Parameters<typeof revalidatePublic>[0] | null }>,
): Promise<DetailedActionResult<T>> {
  let companyId: string | undefined;
  try {
    const membership = await requireMembership();
    companyId = membership.company.id;
    const { data, changed } = await work(membership);
    if (changed) revalidatePublic(changed);
    return { ok: true, data };
  } catch (error) {
    return toDetailedActionError(error, { companyId, area: "content" });
  }
}

export async function createContentAction(
  input: ContentInput,
): Promise<DetailedActionResult<{ id: string }>> {
  return run(async (m) => {
    const { id, changed } = await createContent(m, input);
    return { data: { id }, changed };
  });
}

export async function updateContentAction(
  id: string,
  input: ContentInput,
): Promise<DetailedActionResult<{ id: string }>> {
  return run(async (m) => {
    const { changed } = await updateContent(m, id, input);
    return { data: { id }, changed };
  });
}

export async function setContentStatusAction(
  id: string,
  status: ContentStatus,
): Promise<DetailedActionResult> {
  return run(async (m) => ({
    data: undefined,
    ...(await setContentStatus(m, id, status)),
  }));
}

export async function deleteContentAction(id: string): Promise<DetailedActionResult> {
  return run(async (m) => ({ data: undefined, ...(await deleteContent(m, id)) }));
}

export async function reorderMediaAction(
  contentId: string,
  mediaIds: string[],
): Promise<DetailedActionResult> {
  return run(async (m) => ({
    data: undefined,
    ...(await reorderMedia(m, contentId, mediaIds)),
  }));
}

export async function setCoverAction(
  contentId: string,
  mediaId: string | null,
): Promise<DetailedActionResult> {
  return run(async (m) => ({
    data: undefined,
    ...(await setCover(m, contentId, mediaId)),
  }));
}

export async function deleteMediaAction(mediaId: string): Promise<DetailedActionResult> {
  return run(async (m) => ({ data: undefined, ...(await deleteMediaItem(m, mediaId)) }));
}

export async function retryMediaAction(mediaId: string): Promise<DetailedActionResult> {
  return run(async (m) => {
    await retryMedia(m, mediaId);
    return { data: undefined };
  });
}
