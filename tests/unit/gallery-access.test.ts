import { describe, expect, it } from "vitest";
import {
  galleryAccess,
  isValidUnlockToken,
  issueUnlockToken,
  UNLOCK_SECONDS,
  unlockCookieName,
  unlockTokenOf,
} from "@/lib/platform/site/gallery-access";
import { unlockedPathFor } from "@/lib/platform/site/unlocked-path";

/** Issue #36: the password gallery rule and its unlock cookie, as pure logic. */
const HASH = "aa11:bb22";
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const gate = (
  visibility: string,
  expiresAt: Date | null = null,
  accessPasswordHash: string | null = HASH,
) => ({
  visibility,
  accessPasswordHash,
  expiresAt,
});

describe("the unlock token", () => {
  it("opens its gallery, under the hash it was made with, until it expires", () => {
    const token = issueUnlockToken("c1", HASH, NOW);
    expect(isValidUnlockToken(token, "c1", HASH, NOW)).toBe(true);
    expect(isValidUnlockToken(token, "c1", HASH, NOW + (UNLOCK_SECONDS - 1) * 1000)).toBe(true);
    expect(isValidUnlockToken(token, "c1", HASH, NOW + UNLOCK_SECONDS * 1000)).toBe(false);
    expect(isValidUnlockToken(token, "c2", HASH, NOW)).toBe(false);
    expect(isValidUnlockToken(token, "c1", "aa11:cc33", NOW)).toBe(false);
    expect(isValidUnlockToken(token, "c1", null, NOW)).toBe(false);
  });

  it("refuses a tampered or malformed value, and one that claims a longer life", () => {
    const token = issueUnlockToken("c1", HASH, NOW);
    const [expiry, mac] = token.split(".") as [string, string];
    const later = String(Number(expiry) + UNLOCK_SECONDS);
    for (const forged of [
      `${later}.${mac}`,
      `${expiry}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      `${expiry}.`,
      mac,
      "",
      `${expiry}.${mac}.x`,
      ` ${token}`,
    ]) {
      expect(isValidUnlockToken(forged, "c1", HASH, NOW), forged).toBe(false);
    }
    // Even signed, an expiry beyond one unlock's life from now is not believed.
    expect(isValidUnlockToken(issueUnlockToken("c1", HASH, NOW + 3_600_000), "c1", HASH, NOW)).toBe(false);
  });
});

describe("galleryAccess", () => {
  const token = issueUnlockToken("c1", HASH, NOW);
  it("opens public and unlisted galleries to anyone, a password one only with its token", () => {
    expect(galleryAccess(gate("public"), "c1", undefined, NOW)).toBe("open");
    expect(galleryAccess(gate("unlisted"), "c1", undefined, NOW)).toBe("open");
    expect(galleryAccess(gate("password"), "c1", undefined, NOW)).toBe("locked");
    expect(galleryAccess(gate("password"), "c1", token, NOW)).toBe("open");
    // A password gallery without a stored hash opens for no password.
    expect(galleryAccess(gate("password", null, null), "c1", token, NOW)).toBe("locked");
  });

  it("closes every gallery for everyone at its expiry instant, the token notwithstanding", () => {
    const at = new Date(NOW);
    expect(galleryAccess(gate("public", new Date(NOW + 1)), "c1", undefined, NOW)).toBe("open");
    expect(galleryAccess(gate("public", at), "c1", undefined, NOW)).toBe("expired");
    expect(galleryAccess(gate("password", at), "c1", token, NOW)).toBe("expired");
  });

  it("reads the cookie as Next.js does: by exact name, the last of two", () => {
    const name = unlockCookieName("c1");
    expect(unlockTokenOf(`a=1; ${name}=x; b=2`, "c1")).toBe("x");
    expect(unlockTokenOf(`${name}=x; ${name}=y`, "c1")).toBe("y");
    expect(unlockTokenOf(`${name}1=x`, "c1")).toBeUndefined();
    expect(unlockTokenOf(null, "c1")).toBeUndefined();
  });
});

describe("the proxy's rewrite to the per-request page", () => {
  const has = (id: string) => (name: string) => name === unlockCookieName(id);
  it("sends a player URL with its gallery's cookie there, in each site mode", () => {
    expect(unlockedPathFor("/pt/demo/player/c1", has("c1"))).toBe("/pt/~unlocked/path/demo/c1");
    expect(unlockedPathFor("/en/~site/demo/player/c1", has("c1"))).toBe("/en/~unlocked/host/demo/c1");
    expect(unlockedPathFor("/es/player/c1", has("c1"))).toBe("/es/~unlocked/global/-/c1");
    expect(unlockedPathFor("/fr/demo/player/c1/", has("c1"))).toBe("/fr/~unlocked/path/demo/c1");
  });

  it("leaves everything else to the cached pages", () => {
    expect(unlockedPathFor("/pt/demo/player/c1", has("c2"))).toBeNull();
    expect(unlockedPathFor("/pt/demo/player/c1", () => false)).toBeNull();
    expect(unlockedPathFor("/pt/demo/evento/c1", has("c1"))).toBeNull();
    expect(unlockedPathFor("/pt/demo/player/c1/extra", has("c1"))).toBeNull();
    expect(unlockedPathFor("/pt/demo/player/c%2F1", () => true)).toBeNull();
  });
});
