import { describe, expect, it } from "vitest";
import {
  cookieReader,
  eventLocksOf,
  eventUnlockCookieName,
  galleryAccess,
  hasEventUnlockCookie,
  isValidEventUnlockToken,
  mayBeLiveUnlock,
  isValidUnlockToken,
  issueEventUnlockToken,
  issueUnlockToken,
  NO_COOKIES,
  UNLOCK_SECONDS,
  unlockCookieName,
  unlockTargetOf,
  unlockTokenOf,
  type EventLock,
} from "@/lib/platform/site/gallery-access";
import { unlockedPathFor } from "@/lib/platform/site/unlocked-path";

/** Issue #36: the password gallery rule and its unlock cookie, as pure logic. */
const HASH = "aa11:bb22";
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const gate = (
  visibility: string,
  expiresAt: Date | null = null,
  accessPasswordHash: string | null = HASH,
  eventLocks: EventLock[] = [],
) => ({
  visibility,
  accessPasswordHash,
  expiresAt,
  eventLocks,
});
/** A request whose only cookie is `name=value` (none when `value` is undefined). */
const sending = (name: string, value: string | undefined) =>
  value === undefined ? NO_COOKIES : cookieReader(`${name}=${value}`);
const galleryCookie = (value: string | undefined) => sending(unlockCookieName("c1"), value);

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
    expect(galleryAccess(gate("public"), "c1", galleryCookie(undefined), NOW)).toBe("open");
    expect(galleryAccess(gate("unlisted"), "c1", galleryCookie(undefined), NOW)).toBe("open");
    expect(galleryAccess(gate("password"), "c1", galleryCookie(undefined), NOW)).toBe("locked");
    expect(galleryAccess(gate("password"), "c1", galleryCookie(token), NOW)).toBe("open");
    // A password gallery without a stored hash opens for no password.
    expect(galleryAccess(gate("password", null, null), "c1", galleryCookie(token), NOW)).toBe("locked");
  });

  it("closes every gallery for everyone at its expiry instant, the token notwithstanding", () => {
    const at = new Date(NOW);
    expect(galleryAccess(gate("public", new Date(NOW + 1)), "c1", NO_COOKIES, NOW)).toBe("open");
    expect(galleryAccess(gate("public", at), "c1", galleryCookie(undefined), NOW)).toBe("expired");
    expect(galleryAccess(gate("password", at), "c1", galleryCookie(token), NOW)).toBe("expired");
  });

  it("reads the cookie as Next.js does: by exact name, the last of two", () => {
    const name = unlockCookieName("c1");
    expect(unlockTokenOf(`a=1; ${name}=x; b=2`, "c1")).toBe("x");
    expect(unlockTokenOf(`${name}=x; ${name}=y`, "c1")).toBe("y");
    expect(unlockTokenOf(`${name}1=x`, "c1")).toBeUndefined();
    expect(unlockTokenOf(null, "c1")).toBeUndefined();
  });
});

describe("the event unlock token (issue #36: password events)", () => {
  it("opens its event, under the hash it was made with, until it expires", () => {
    const token = issueEventUnlockToken("e1", HASH, NOW);
    expect(isValidEventUnlockToken(token, "e1", HASH, NOW)).toBe(true);
    expect(isValidEventUnlockToken(token, "e1", HASH, NOW + UNLOCK_SECONDS * 1000)).toBe(false);
    expect(isValidEventUnlockToken(token, "e2", HASH, NOW)).toBe(false);
    // A new password (a new hash) ends every unlock given before.
    expect(isValidEventUnlockToken(token, "e1", "aa11:cc33", NOW)).toBe(false);
    expect(isValidEventUnlockToken(token, "e1", null, NOW)).toBe(false);
  });

  it("is signed under its own purpose: a gallery's token never opens an event, nor an event's a gallery", () => {
    const galleryToken = issueUnlockToken("x1", HASH, NOW);
    const eventToken = issueEventUnlockToken("x1", HASH, NOW);
    expect(galleryToken).not.toBe(eventToken);
    expect(isValidEventUnlockToken(galleryToken, "x1", HASH, NOW)).toBe(false);
    expect(isValidUnlockToken(eventToken, "x1", HASH, NOW)).toBe(false);
  });

  it("refuses forgeries: a changed expiry or MAC, a malformed value, a longer life", () => {
    const token = issueEventUnlockToken("e1", HASH, NOW);
    const [expiry, mac] = token.split(".") as [string, string];
    for (const forged of [
      `${Number(expiry) + 60}.${mac}`,
      `${expiry}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      `${expiry}.`,
      "",
      `${token}.x`,
    ]) {
      expect(isValidEventUnlockToken(forged, "e1", HASH, NOW), forged).toBe(false);
    }
    expect(isValidEventUnlockToken(issueEventUnlockToken("e1", HASH, NOW + 3_600_000), "e1", HASH, NOW)).toBe(
      false,
    );
  });

  it("lives in its own cookie, under the unlock prefix", () => {
    expect(eventUnlockCookieName("e1")).toBe("ag_unlock_ev_e1");
    const live = issueEventUnlockToken("e1", HASH, NOW);
    const cookie = (name: string, value: string) => ({ name, value });
    expect(hasEventUnlockCookie([cookie("ag_vid", "v"), cookie("ag_unlock_ev_e1", live)], NOW)).toBe(true);
    expect(hasEventUnlockCookie([cookie("ag_vid", "v"), cookie("ag_unlock_c1", live)], NOW)).toBe(false);
  });

  it("sends the proxy to the per-request page only for a cookie that may be a live unlock", () => {
    // A made-up cookie named like an unlock (`ag_unlock_ev_x=1`) buys no uncached render.
    const cookie = (value: string) => [{ name: "ag_unlock_ev_x", value }];
    expect(hasEventUnlockCookie(cookie("1"), NOW)).toBe(false);
    expect(hasEventUnlockCookie(cookie(`${"9".repeat(10)}.${"a".repeat(22)}`), NOW)).toBe(false);
    const expired = issueEventUnlockToken("e1", HASH, NOW - (UNLOCK_SECONDS + 1) * 1000);
    expect(hasEventUnlockCookie(cookie(expired), NOW)).toBe(false);
    expect(mayBeLiveUnlock(undefined, NOW)).toBe(false);
    expect(mayBeLiveUnlock(issueUnlockToken("c1", HASH, NOW), NOW)).toBe(true);
  });
});

describe("a gallery protected by its password events", () => {
  const viewable = { status: "published", isPublic: true };
  const ev = (id: string, visibility: string, extra: Partial<typeof viewable> = {}) => ({
    id,
    ...viewable,
    ...extra,
    visibility,
    accessPasswordHash: HASH,
  });
  it("is protected only when every viewable linked event is a password event", () => {
    expect(eventLocksOf([])).toEqual([]);
    expect(eventLocksOf([ev("e1", "password")])).toEqual([{ id: "e1", accessPasswordHash: HASH }]);
    // A public or unlisted viewable event shows it to anyone.
    expect(eventLocksOf([ev("e1", "password"), ev("e2", "public")])).toEqual([]);
    expect(eventLocksOf([ev("e1", "password"), ev("e2", "unlisted")])).toEqual([]);
    // A draft or private public event shows it to nobody: the password event decides.
    expect(eventLocksOf([ev("e1", "password"), ev("e2", "public", { status: "draft" })])).toHaveLength(1);
    expect(eventLocksOf([ev("e1", "password"), ev("e2", "public", { isPublic: false })])).toHaveLength(1);
    expect(eventLocksOf([ev("e1", "password"), ev("e2", "password")])).toHaveLength(2);
  });

  it("opens with a valid unlock of one of its events, and its own password too when it has one", () => {
    const locks = [
      { id: "e1", accessPasswordHash: HASH },
      { id: "e2", accessPasswordHash: "other:hash" },
    ];
    const e2 = issueEventUnlockToken("e2", "other:hash", NOW);
    const own = issueUnlockToken("c1", HASH, NOW);
    expect(galleryAccess(gate("public", null, null, locks), "c1", NO_COOKIES, NOW)).toBe("locked");
    expect(galleryAccess(gate("public", null, null, locks), "c1", sending("ag_unlock_ev_e2", e2), NOW)).toBe(
      "open",
    );
    // The event's cookie under another event's name, a gallery cookie for the event: nothing.
    expect(galleryAccess(gate("public", null, null, locks), "c1", sending("ag_unlock_ev_e1", e2), NOW)).toBe(
      "locked",
    );
    expect(galleryAccess(gate("public", null, null, locks), "c1", galleryCookie(own), NOW)).toBe("locked");
    const both = cookieReader(`ag_unlock_ev_e2=${e2}; ${unlockCookieName("c1")}=${own}`);
    expect(
      galleryAccess(gate("password", null, HASH, locks), "c1", sending("ag_unlock_ev_e2", e2), NOW),
    ).toBe("locked");
    expect(galleryAccess(gate("password", null, HASH, locks), "c1", both, NOW)).toBe("open");
    expect(galleryAccess(gate("password", null, HASH, locks), "c1", galleryCookie(own), NOW)).toBe("locked");
    // The event's password first, then the gallery's own.
    expect(unlockTargetOf(gate("password", null, HASH, locks), "c1", NO_COOKIES, NOW)).toEqual({
      kind: "event",
      id: "e1",
    });
    expect(
      unlockTargetOf(gate("password", null, HASH, locks), "c1", sending("ag_unlock_ev_e2", e2), NOW),
    ).toEqual({ kind: "gallery", id: "c1" });
    // Expired is expired, whatever the cookies.
    expect(galleryAccess(gate("public", new Date(NOW), null, locks), "c1", both, NOW)).toBe("expired");
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

  it("sends event pages there only with an event's unlock cookie, and any player page with one", () => {
    const none = () => false;
    expect(unlockedPathFor("/pt/demo/evento/festa", none, true)).toBe("/pt/~unlocked/path/demo/evento/festa");
    expect(unlockedPathFor("/en/~site/demo/evento/festa/", none, true)).toBe(
      "/en/~unlocked/host/demo/evento/festa",
    );
    expect(unlockedPathFor("/pt/demo/evento/festa", has("festa"))).toBeNull();
    expect(unlockedPathFor("/pt/demo/evento/festa", none, false)).toBeNull();
    expect(unlockedPathFor("/pt/demo/evento/festa/x", none, true)).toBeNull();
    expect(unlockedPathFor("/pt/demo", none, true)).toBeNull();
    // The proxy cannot tell a gallery's events from its URL: the per-request page decides.
    expect(unlockedPathFor("/pt/demo/player/c1", none, true)).toBe("/pt/~unlocked/path/demo/c1");
    expect(unlockedPathFor("/es/player/c1", none, true)).toBe("/es/~unlocked/global/-/c1");
  });
});
