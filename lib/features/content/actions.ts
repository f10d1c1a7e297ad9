"use server";

import { z } from "zod";
import {
  applyMediaOrder,
  BULK_MEDIA_MAX,
  deleteContent,
  deleteMediaItem,
  deleteMediaItems,
  setMediaHidden,
  moveMedia,
  retryMedia,
  setCover,
} from "@/lib/features/content/manage-media";
import { createContent, setContentStatus, updateContent } from "@/lib/features/content/save-content";
import { MEDIA_APPLICABLE_SORTS, MEDIA_PAGE_SIZE, type ContentInput } from "@/lib/features/content/schemas";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { recordId, validatedByLib } from "@/lib/core/validation/common";

/**
 * Content admin actions: guard → lib (validates the content with zod, scopes by the company)
 * → refresh the public pages that show what changed. Errors come back as i18n keys.
 */
const manage = { permission: "content.manage" } as const;
const id = recordId;
const status = z.enum(["draft", "published", "archived"]);

export const createContentAction = adminAction(
  { ...manage, schema: z.tuple([validatedByLib<ContentInput>()]) },
  async ({ membership, changed }, input: ContentInput) => {
    const saved = await createContent(membership, input);
    changed(saved.changed);
    return { id: saved.id };
  },
);

export const updateContentAction = adminAction(
  { ...manage, schema: z.tuple([id, validatedByLib<ContentInput>()]) },
  async ({ membership, changed }, contentId: string, input: ContentInput) => {
    changed((await updateContent(membership, contentId, input)).changed);
    return { id: contentId };
  },
);

export const setContentStatusAction = adminAction(
  { ...manage, schema: z.tuple([id, status]) },
  async ({ membership, changed }, contentId, next) => {
    changed((await setContentStatus(membership, contentId, next)).changed);
  },
);

export const deleteContentAction = adminAction(
  { ...manage, schema: z.tuple([id]) },
  async ({ membership, changed }, contentId) => {
    changed((await deleteContent(membership, contentId)).changed);
  },
);

/**
 * What a bulk action acts on: files of the page shown (at most a page of ids), or the whole
 * gallery as counted when the organiser confirmed (lib/features/content/manage-media.ts).
 */
const mediaSelection = z.union([
  z.array(id).min(1).max(MEDIA_PAGE_SIZE),
  z.strictObject({
    all: z.literal(true),
    expected: z.number().int().min(1).max(BULK_MEDIA_MAX),
    asOf: z.iso.datetime(),
  }),
]);

/** The media manager's bulk actions: hide from fans or show again, delete. */
export const setMediaHiddenAction = adminAction(
  { ...manage, schema: z.tuple([id, mediaSelection, z.boolean()]) },
  async ({ membership, changed }, contentId, ids, hidden) => {
    const outcome = await setMediaHidden(membership, contentId, ids, hidden);
    changed(outcome.changed);
    return { count: outcome.count };
  },
);

export const deleteMediaItemsAction = adminAction(
  { ...manage, schema: z.tuple([id, mediaSelection]) },
  async ({ membership, changed }, contentId, ids) => {
    const outcome = await deleteMediaItems(membership, contentId, ids);
    changed(outcome.changed);
    return { count: outcome.count };
  },
);

/** The manager's arrows and drag: one file to a place (from 0) in the whole gallery's order. */
export const moveMediaAction = adminAction(
  { ...manage, schema: z.tuple([id, id, z.number().int().min(0).max(BULK_MEDIA_MAX)]) },
  async ({ membership, changed }, contentId, mediaId, toIndex) => {
    changed((await moveMedia(membership, contentId, mediaId, toIndex)).changed);
  },
);

/** The order shown (by name, by capture time) becomes the gallery's own. */
export const applyMediaOrderAction = adminAction(
  { ...manage, schema: z.tuple([id, z.enum(MEDIA_APPLICABLE_SORTS)]) },
  async ({ membership, changed }, contentId, sort) => {
    changed((await applyMediaOrder(membership, contentId, sort)).changed);
  },
);

export const setCoverAction = adminAction(
  { ...manage, schema: z.tuple([id, id.nullable()]) },
  async ({ membership, changed }, contentId, mediaId) => {
    changed((await setCover(membership, contentId, mediaId)).changed);
  },
);

export const deleteMediaAction = adminAction(
  { ...manage, schema: z.tuple([id]) },
  async ({ membership, changed }, mediaId) => {
    changed((await deleteMediaItem(membership, mediaId)).changed);
  },
);

export const retryMediaAction = adminAction(
  { ...manage, schema: z.tuple([id]) },
  async ({ membership }, mediaId) => {
    await retryMedia(membership, mediaId);
  },
);
