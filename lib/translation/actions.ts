"use server";

import type { ActionResult } from "@/lib/errors";

// Until the engine work lands: every call answers "not available".
const notYet = {
  ok: false,
  code: "internal",
  message: "errors.unexpected",
  values: {},
  fieldErrors: {},
} as const;

/**
 * The admin review's actions (issue #15). CONTRACT for the parallel work: the engine work
 * implements each with `adminAction` (permission `content.edit` for events/content,
 * `settings.edit` for company texts; zod arguments; revalidating the public pages affected);
 * the admin UI calls them with exactly these arguments.
 */

/** Saves a hand-typed version (`text` "" removes it: back to automatic). */
export async function saveVersionAction(input: {
  entity: "company" | "event" | "content";
  entityId: string;
  field: string;
  locale: string;
  text: string;
}): Promise<ActionResult> {
  void input;
  return notYet;
}

/** Drops the version (manual or not) and queues an engine run for it. */
export async function translateAgainAction(input: {
  entity: "company" | "event" | "content";
  entityId: string;
  field: string;
  locale: string;
}): Promise<ActionResult> {
  void input;
  return notYet;
}

/** Queues engine runs for every text of the company that has no current automatic version. */
export async function translateEverythingAction(): Promise<ActionResult<{ queued: number }>> {
  return notYet;
}

/** Sets the company's source language (one of the four locales). */
export async function setSourceLocaleAction(input: { sourceLocale: string }): Promise<ActionResult> {
  void input;
  return notYet;
}
