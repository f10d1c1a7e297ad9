import { describe, expect, it } from "vitest";
import { mediaHref, pagesToShow } from "@/components/content/media-pager";

describe("the media manager's pager (issue #36, large galleries)", () => {
  it("shows the first, the last and two pages either side of the current one, gaps as null", () => {
    expect(pagesToShow(1, 1)).toEqual([1]);
    expect(pagesToShow(1, 3)).toEqual([1, 2, 3]);
    expect(pagesToShow(1, 50)).toEqual([1, 2, 3, null, 50]);
    expect(pagesToShow(25, 50)).toEqual([1, null, 23, 24, 25, 26, 27, null, 50]);
    expect(pagesToShow(4, 50)).toEqual([1, 2, 3, 4, 5, 6, null, 50]);
    expect(pagesToShow(50, 50)).toEqual([1, null, 48, 49, 50]);
  });

  it("keeps the order in the URL and leaves the defaults out", () => {
    expect(mediaHref("c1", "position")).toBe("/admin/content/c1");
    expect(mediaHref("c1", "position", 2)).toBe("/admin/content/c1?page=2");
    expect(mediaHref("c1", "name", 3)).toBe("/admin/content/c1?sort=name&page=3");
    expect(mediaHref("c1", "captured", 1)).toBe("/admin/content/c1?sort=captured");
  });
});
