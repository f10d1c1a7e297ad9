/**
 * The dashboard's getting-started checklist (issue #18): four steps that complete themselves
 * from the company's real data, in the order a new organiser takes them. Pure, so the rules
 * are unit-tested apart from the queries that feed them (lib/features/dashboard/queries.ts).
 */
export const CHECKLIST_STEPS = ["createEvent", "upload", "publish", "share"] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

export interface ChecklistFacts {
  events: number;
  /** Media files uploaded into a content (processing or ready: the upload itself succeeded). */
  uploadedMedia: number;
  /** Published events plus published contents. */
  published: number;
  /** The public link was copied from the dashboard. */
  linkShared: boolean;
  /** Fans' views or shares recorded on the company's pages, ever. */
  fanVisits: number;
  dismissed: boolean;
}

export interface Checklist {
  steps: { step: ChecklistStep; done: boolean }[];
  /** The first step not done yet: the one the dashboard points at. */
  next: ChecklistStep | null;
  complete: boolean;
  /** Shown until it is complete and put away; an incomplete checklist cannot be dismissed. */
  visible: boolean;
}

/**
 * "Shared" is done when the organiser copied the public link from the dashboard or a fan
 * has already opened or shared something: either proves the link has left the admin area.
 */
export function buildChecklist(facts: ChecklistFacts): Checklist {
  const done: Record<ChecklistStep, boolean> = {
    createEvent: facts.events > 0,
    upload: facts.uploadedMedia > 0,
    publish: facts.published > 0,
    share: facts.linkShared || facts.fanVisits > 0,
  };
  const steps = CHECKLIST_STEPS.map((step) => ({ step, done: done[step] }));
  const next = steps.find((s) => !s.done)?.step ?? null;
  const complete = next === null;
  return { steps, next, complete, visible: !(complete && facts.dismissed) };
}

/** Week-on-week change in percent, or null when last week had nothing to compare with. */
export function weekChange(thisWeek: number, lastWeek: number): number | null {
  if (lastWeek === 0) return null;
  return Math.round(((thisWeek - lastWeek) / lastWeek) * 100);
}
