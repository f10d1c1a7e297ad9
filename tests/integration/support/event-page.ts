import { loadEventPage } from "@/lib/surfaces/public-site/load-event-page";
import type { OpenEventPage } from "@/lib/surfaces/public-site/types";

/** An event page that must be open (not a password event's form): null when not found. */
export async function loadOpenEventPage(eventSlug: string, companyId: string): Promise<OpenEventPage | null> {
  const page = await loadEventPage(eventSlug, companyId);
  if (page && page.state !== "ok") throw new Error(`event page ${eventSlug} is ${page.state}`);
  return page;
}
