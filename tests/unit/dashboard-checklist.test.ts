import { describe, expect, it } from "vitest";
import { buildChecklist, weekChange, type ChecklistFacts } from "@/lib/features/dashboard/checklist";

const none: ChecklistFacts = {
  events: 0,
  uploadedMedia: 0,
  published: 0,
  linkShared: false,
  fanVisits: 0,
  dismissed: false,
};

describe("buildChecklist", () => {
  it("points at the first step not done, in the journey's order", () => {
    expect(buildChecklist(none)).toMatchObject({ next: "createEvent", complete: false, visible: true });
    expect(buildChecklist({ ...none, events: 1, published: 1 }).next).toBe("upload");
  });

  it("counts the link as shared when copied or when a fan already came", () => {
    const done = { ...none, events: 1, uploadedMedia: 2, published: 1 };
    expect(buildChecklist({ ...done, linkShared: true }).complete).toBe(true);
    expect(buildChecklist({ ...done, fanVisits: 3 }).complete).toBe(true);
    expect(buildChecklist(done).next).toBe("share");
  });

  it("hides only a complete checklist that was dismissed", () => {
    const all = { ...none, events: 1, uploadedMedia: 1, published: 1, linkShared: true };
    expect(buildChecklist({ ...all, dismissed: true }).visible).toBe(false);
    expect(buildChecklist({ ...none, dismissed: true }).visible).toBe(true);
  });
});

describe("weekChange", () => {
  it("is a rounded percentage, or null without a last week", () => {
    expect(weekChange(15, 10)).toBe(50);
    expect(weekChange(5, 10)).toBe(-50);
    expect(weekChange(3, 0)).toBeNull();
  });
});
