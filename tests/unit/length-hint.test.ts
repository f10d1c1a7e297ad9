import { describe, expect, it } from "vitest";
import { lengthCount } from "@/components/ui/length-hint";

describe("lengthCount", () => {
  it("says nothing far from the limit, counts in its last 10 %, and marks what is over", () => {
    expect(lengthCount("a".repeat(179), 200)).toBeNull();
    expect(lengthCount("a".repeat(180), 200)).toEqual({ used: 180, max: 200, over: false });
    expect(lengthCount("a".repeat(200), 200)).toEqual({ used: 200, max: 200, over: false });
    expect(lengthCount("a".repeat(209), 200)).toEqual({ used: 209, max: 200, over: true });
  });

  it("counts as the server's check does (UTF-16 units: an emoji is two)", () => {
    expect(lengthCount("😀".repeat(100), 200)).toEqual({ used: 200, max: 200, over: false });
    expect(lengthCount(`${"😀".repeat(100)}a`, 200)?.over).toBe(true);
  });
});
