import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { favouritesTokenFromHash } from "@/lib/features/engagement/favourites-fragment";
import {
  FAVOURITES_LINK_DAYS,
  favouritesLinkToken,
  readFavouritesLinkToken,
} from "@/lib/features/engagement/favourites-link";

/** Issue #36: the e-mailed favourites link's token and the fragment that carries it. */
const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 28, 12);
const gallery = "c0000000000000000000gal1";
const visitor = randomUUID();

describe("favourites link token", () => {
  it("names the visitor for its gallery until it expires", () => {
    const token = favouritesLinkToken(gallery, visitor, now);
    expect(token).not.toContain(gallery);
    expect(readFavouritesLinkToken(token, gallery, now)).toEqual({ ok: true, visitorId: visitor });
    expect(readFavouritesLinkToken(token, gallery, now + FAVOURITES_LINK_DAYS * DAY - 1000)).toMatchObject({
      ok: true,
    });
    expect(readFavouritesLinkToken(token, gallery, now + FAVOURITES_LINK_DAYS * DAY)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("opens no other gallery and survives no change", () => {
    const token = favouritesLinkToken(gallery, visitor, now);
    const invalid = { ok: false, reason: "invalid" };
    expect(readFavouritesLinkToken(token, "c0000000000000000000gal2", now)).toEqual(invalid);
    const [expires, id, mac] = token.split(".") as [string, string, string];
    expect(readFavouritesLinkToken(`${Number(expires) + DAY / 1000}.${id}.${mac}`, gallery, now)).toEqual(
      invalid,
    );
    expect(readFavouritesLinkToken(`${expires}.${randomUUID()}.${mac}`, gallery, now)).toEqual(invalid);
    expect(readFavouritesLinkToken(`${expires}.${id}.${mac.slice(0, 8)}`, gallery, now)).toEqual(invalid);
    expect(readFavouritesLinkToken(`${token}.x`, gallery, now)).toEqual(invalid);
    expect(readFavouritesLinkToken("", gallery, now)).toEqual(invalid);
    // A forged token is "invalid" even with a past date (it never says "expired" to a forger).
    expect(readFavouritesLinkToken(`1.${id}.${mac}`, gallery, now)).toEqual(invalid);
  });
});

describe("favourites link fragment", () => {
  it("reads the token only from #favourites=", () => {
    const token = favouritesLinkToken(gallery, visitor, now);
    expect(favouritesTokenFromHash(`#favourites=${token}`)).toBe(token);
    expect(favouritesTokenFromHash("")).toBeNull();
    expect(favouritesTokenFromHash("#comments")).toBeNull();
    expect(favouritesTokenFromHash("#favourites=")).toBeNull();
    expect(favouritesTokenFromHash("#favourites=<script>")).toBeNull();
    expect(favouritesTokenFromHash(`#favourites=${"a".repeat(201)}`)).toBeNull();
  });
});
