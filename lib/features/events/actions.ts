"use server";

import { z } from "zod";
import { checkEventSlug } from "@/lib/features/events/queries";
import { createEvent, deleteEvent, setEventStatus, updateEvent } from "@/lib/features/events/save-event";
import { EVENT_STATUSES, type EventInput } from "@/lib/features/events/schemas";
import { adminAction } from "@/lib/platform/actions/admin-action";
import { recordId, validatedByLib } from "@/lib/core/validation/common";

/** Events admin actions (admin or manager): guard → lib (validates the event) → refresh public pages. */
const manage = { permission: "events.manage" } as const;

export const saveEventAction = adminAction(
  { ...manage, schema: z.tuple([recordId.nullable(), validatedByLib<EventInput>()]) },
  async ({ membership, changed }, eventId: string | null, input: EventInput) => {
    const saved = eventId
      ? await updateEvent(membership, eventId, input)
      : await createEvent(membership, input);
    changed(saved.changed);
    return { id: saved.id, slug: saved.slug };
  },
);

export const setEventStatusAction = adminAction(
  { ...manage, schema: z.tuple([recordId, z.enum(EVENT_STATUSES)]) },
  async ({ membership, changed }, eventId, next) => {
    changed((await setEventStatus(membership, eventId, next)).changed);
  },
);

export const deleteEventAction = adminAction(
  { ...manage, schema: z.tuple([recordId]) },
  async ({ membership, changed }, eventId) => {
    changed((await deleteEvent(membership, eventId)).changed);
  },
);

/** Whether a URL slug is free, with a suggestion (the form checks as the user types). */
export const checkSlugAction = adminAction(
  { ...manage, schema: z.tuple([z.string().transform((s) => s.slice(0, 100)), z.string().nullable()]) },
  async ({ membership }, slug, exceptEventId) =>
    checkEventSlug({ companyId: membership.company.id, slug, exceptEventId: exceptEventId ?? undefined }),
);
