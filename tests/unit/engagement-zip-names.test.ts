import { describe, expect, it } from "vitest";
import { uniqueZipNames } from "@/lib/features/engagement/zip-names";

describe("uniqueZipNames", () => {
  it("keeps plain names as they are", () => {
    expect(uniqueZipNames(["a.jpg", "b.png"])).toEqual(["a.jpg", "b.png"]);
  });

  it("numbers repeats, case-insensitively, keeping the extension", () => {
    expect(uniqueZipNames(["IMG.jpg", "img.jpg", "IMG.jpg", "IMG (2).jpg"])).toEqual([
      "IMG.jpg",
      "img (2).jpg",
      "IMG (3).jpg",
      "IMG (2) (2).jpg",
    ]);
  });

  it("never lets an entry leave its folder", () => {
    const names = uniqueZipNames([
      "../../etc/passwd.jpg",
      "..\\..\\win.ini.jpg",
      "C:evil.jpg",
      "..",
      "/abs.jpg",
    ]);
    expect(names).toEqual(["passwd.jpg", "win.ini.jpg", "Cevil.jpg", "photo", "abs.jpg"]);
    for (const name of names) {
      expect(name).not.toMatch(/[/\\:]/);
      expect(name.startsWith(".")).toBe(false);
    }
  });

  it("drops control characters and names only made of dots", () => {
    expect(uniqueZipNames(["a\u0000b\n.jpg", "...", ".hidden.jpg"])).toEqual([
      "ab.jpg",
      "photo",
      "hidden.jpg",
    ]);
  });
});
