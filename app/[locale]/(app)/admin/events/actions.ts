"use server";

import { checkEventSlug } from "@/lib/events/queries";
import { createEvent, deleteEvent, updateEvent } from "@/lib/events/save-event";
import type { EventInput } from "@/lib/events/schemas";
import { revalidatePublic } from "@/lib/public/cache-tags";
import { requireMembership } from "@/lib/tenancy/guard";
import { toDetailedActionError, type DetailedActionResult } from "@/lib/uploads/errors";

/** Events admin actions (admin or manager): guard → lib → refresh public pages. */
export async function saveEventAction(
  eventId: string | null,
  input: EventInput,
): Promise<DetailedActionResult<{ id: string; slug: string }>> {
  let companyId: string | undefined;
  try {
    const membership = await requireMembership();
    companyId = membership.company.id;
    const saved = eventId
      ? await updateEvent(membership, eventId, input)
      : await createEvent(membership, input);
    revalidatePublic(saved.changed);
    return { ok: true, data: { id: saved.id, slug: saved.slug } };
  } catch (error) {
    return toDetailedActionError(error, { companyId, area: "events" });
  }
}

export async function deleteEventAction(eventId: string): Promise<DetailedActionResult> {
  let companyId: string | undefined;
  try {
    const membership = await requireMembership();
    companyId = membership.company.id;
    const { changed } = await deleteEvent(membership, eventId);
    revalidatePublic(changed);
    return { ok: true, data: undefined };
  } catch (error) {
    return toDetailedActionError(error, { companyId, area: "events" });
  }
}

/** Whether a URL slug is free, with a suggestion (the form checks as the user types). */
export async function checkSlugAction(
  slug: string,
  exceptEventId: string | null,
): Promise<DetailedActionResult<{ available: boolean; suggestion: string | null }>> {
  try {
    await requireMembership();
    const data = await checkEventSlug({
      slug: slug.slice(0, 100),
      exceptEventId: exceptEventId ?? undefined,
    });
    return { ok: true, data };
  } catch (error) {
    return toDetailedActionError(error);
  }
}
