import { describe, expect, it } from "vitest";
import { isReactManaged, PAGE_METADATA_SELECTOR, staleMetadataTags } from "@/components/head/stale-metadata";

const managed = (name: string) => ({ name, __reactFiber$k3x9: {}, __reactMarker$k3x9: true });
const unmanaged = (name: string) => ({ name });

/** A `head` whose metadata query answers `metadata`; `children` is everything in it. */
function head(children: object[], metadata: object[]): ParentNode {
  return {
    children,
    querySelectorAll: (selector: string) => (selector === PAGE_METADATA_SELECTOR ? metadata : []),
  } as unknown as ParentNode;
}

describe("stale metadata after a client-side navigation", () => {
  it("knows React's nodes by React's marks", () => {
    expect(isReactManaged(managed("title"))).toBe(true);
    expect(isReactManaged({ __reactMarker$a: true })).toBe(true);
    expect(isReactManaged(unmanaged("title"))).toBe(false);
    expect(isReactManaged({ reactFiber: 1 })).toBe(false);
  });

  it("lists the metadata tags React does not manage, and only those", () => {
    const current = [managed("title"), managed("canonical /evento/x")];
    const stale = [unmanaged("title"), unmanaged("canonical /")];
    const script = unmanaged("script");
    expect(staleMetadataTags(head([...current, ...stale, script], [...current, ...stale]))).toEqual(stale);
  });

  it("removes nothing while React's marks cannot be seen at all", () => {
    const tags = [unmanaged("title"), unmanaged("canonical /")];
    expect(staleMetadataTags(head(tags, tags))).toEqual([]);
  });

  it("covers the tags a page's metadata renders", () => {
    for (const tag of [
      "title",
      'link[rel="canonical"]',
      'meta[property^="og:"]',
      'meta[name^="twitter:"]',
      'meta[name="description"]',
      'meta[name="robots"]',
    ]) {
      expect(PAGE_METADATA_SELECTOR.split(", ")).toContain(tag);
    }
    expect(PAGE_METADATA_SELECTOR).not.toMatch(/viewport|theme-color|stylesheet|preload|charset/);
  });
});
