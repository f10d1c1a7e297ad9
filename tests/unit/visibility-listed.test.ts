import { describe, expect, it } from "vitest";
import {
  isContentListed,
  isContentViewable,
  isEventListed,
  isEventViewable,
  isUnlisted,
} from "@/lib/platform/site/visibility";

const event = (visibility: string, status = "published", isPublic = true) => ({
  status,
  isPublic,
  visibility,
});
const content = (visibility: string, events: ReturnType<typeof event>[], status = "published") => ({
  status,
  visibility,
  events: events.map((e) => ({ event: e })),
});

describe("listed narrows viewable (issue #36)", () => {
  it("an unlisted event opens by link but is not listed", () => {
    expect(isEventViewable(event("unlisted"))).toBe(true);
    expect(isEventListed(event("unlisted"))).toBe(false);
    expect(isEventListed(event("public"))).toBe(true);
    expect(isEventListed(event("public", "draft"))).toBe(false);
    expect(isEventListed(event("public", "published", false))).toBe(false);
  });

  it("an unlisted gallery opens by link but is not listed", () => {
    const gallery = content("unlisted", []);
    expect(isContentViewable(gallery)).toBe(true);
    expect(isContentListed(gallery)).toBe(false);
    expect(isUnlisted(gallery)).toBe(true);
    expect(isContentListed(content("public", []))).toBe(true);
  });

  it("a public gallery is listed only through a listed event", () => {
    expect(isContentListed(content("public", [event("unlisted")]))).toBe(false);
    expect(isContentViewable(content("public", [event("unlisted")]))).toBe(true);
    expect(isContentListed(content("public", [event("unlisted"), event("public")]))).toBe(true);
    expect(isContentListed(content("public", [event("public", "draft")]))).toBe(false);
    expect(isContentListed(content("public", [], "draft"))).toBe(false);
  });

  it("a password event (issue #36) opens by link, is never listed nor indexed, nor lists its galleries", () => {
    expect(isEventViewable(event("password"))).toBe(true);
    expect(isEventListed(event("password"))).toBe(false);
    expect(isUnlisted(event("password"))).toBe(true);
    expect(isContentListed(content("public", [event("password")]))).toBe(false);
    expect(isContentListed(content("public", [event("password"), event("public")]))).toBe(true);
  });
});
