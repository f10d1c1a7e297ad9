import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "@/components/preferences/language-switcher";
import { THEME_STORAGE_KEY } from "@/components/preferences/theme-provider";
import { STORAGE_KEY as UPLOADS_KEY } from "@/components/uploads/engine/saved-uploads";
import { localeCookieName, locales } from "@/lib/core/i18n/config";
import { loadMessages } from "@/lib/core/i18n/messages";
import { SOURCE_MAX_AGE_SECONDS } from "@/lib/platform/attribution/parse";
import { SOURCE_COOKIE } from "@/lib/platform/attribution/source";
import { AUTH_COOKIE_PREFIX } from "@/lib/platform/auth/cookie-prefix";
import {
  EVENT_UNLOCK_COOKIE_PREFIX,
  UNLOCK_COOKIE_PREFIX,
  UNLOCK_SECONDS,
} from "@/lib/platform/site/gallery-access";
import { VISITOR_COOKIE } from "@/lib/platform/visitors/visitor";
import { CONSENT_TTL_DAYS, STORAGE_KEYS } from "@/lib/surfaces/public-site/consent";
import { STORAGE_INVENTORY, type Lifetime } from "@/lib/surfaces/public-site/cookie-inventory";

/**
 * The cookie policy's table (issue #40) is a copy of what the code sets: each name and lifetime
 * here is compared with the constant the code uses (or, where it is not exported, the source
 * line that sets it), so changing a cookie without its row fails.
 */
const root = path.join(import.meta.dirname, "../..");
const source = (file: string) => readFileSync(path.join(root, file), "utf8");
const entry = (id: string) => {
  const found = STORAGE_INVENTORY.find((e) => e.id === id);
  if (!found) throw new Error(`no inventory row ${id}`);
  return found;
};
const seconds = (l: Lifetime) => {
  const unit = { minutes: 60, hours: 3600, days: 86_400 } as const;
  if (l.span !== "minutes" && l.span !== "hours" && l.span !== "days")
    throw new Error(`no fixed span: ${l.span}`);
  return l.count * unit[l.span];
};

describe("the cookie and storage inventory", () => {
  it("names each cookie as the code sets it, with its lifetime", () => {
    expect(entry("locale").name).toBe(localeCookieName);
    expect(source("components/preferences/language-switcher.tsx")).toMatch(
      /ONE_YEAR_SECONDS = 365 \* 24 \* 60 \* 60/,
    );
    expect(seconds(entry("locale").lifetime)).toBe(365 * 86_400);

    expect(entry("session").name).toBe(`${AUTH_COOKIE_PREFIX}.session_token`);
    expect(source("lib/platform/auth/auth.ts")).toMatch(/expiresIn: 7 \* 24 \* 60 \* 60/);
    expect(entry("session").lifetime).toEqual({ span: "session", maxDays: 7 });

    // Better Auth's two-factor cookies, with its defaults (not overridden in auth.ts).
    const twoFactor = source("node_modules/better-auth/dist/plugins/two-factor/constant.mjs");
    expect(twoFactor).toMatch(/TWO_FACTOR_COOKIE_NAME = "two_factor"/);
    expect(twoFactor).toMatch(/TRUST_DEVICE_COOKIE_NAME = "trust_device"/);
    expect(twoFactor).toMatch(/TRUST_DEVICE_COOKIE_MAX_AGE = 2592e3/);
    expect(source("lib/platform/auth/auth.ts")).not.toMatch(/twoFactorCookieMaxAge|trustDeviceMaxAge/);
    expect(entry("twoFactor").name).toBe(`${AUTH_COOKIE_PREFIX}.two_factor`);
    expect(seconds(entry("twoFactor").lifetime)).toBe(600);
    expect(entry("trustDevice").name).toBe(`${AUTH_COOKIE_PREFIX}.trust_device`);
    expect(seconds(entry("trustDevice").lifetime)).toBe(2_592_000);

    expect(entry("unlock").name).toBe(`${UNLOCK_COOKIE_PREFIX}<id>, ${EVENT_UNLOCK_COOKIE_PREFIX}<id>`);
    expect(seconds(entry("unlock").lifetime)).toBe(UNLOCK_SECONDS);

    const zip = source("lib/features/engagement/download-all.ts");
    expect(zip).toMatch(/ZIP_STARTED_COOKIE = "ag_zip"/);
    expect(zip).toMatch(/\$\{ZIP_STARTED_COOKIE\}=\$\{ticketId\}; Path=\/; Max-Age=120;/);
    expect(entry("zip").name).toBe("ag_zip");
    expect(seconds(entry("zip").lifetime)).toBe(120);

    expect(entry("visitor").name).toBe(VISITOR_COOKIE);
    expect(source("lib/platform/visitors/issue.ts")).toMatch(/ONE_YEAR_SECONDS = 365 \* 24 \* 60 \* 60/);
    expect(seconds(entry("visitor").lifetime)).toBe(365 * 86_400);

    expect(entry("source").name).toBe(SOURCE_COOKIE);
    expect(seconds(entry("source").lifetime)).toBe(SOURCE_MAX_AGE_SECONDS);
  });

  it("names each storage entry as the code writes it", () => {
    expect(entry("consent").name).toBe(
      [STORAGE_KEYS.consent, STORAGE_KEYS.bannerSeen, STORAGE_KEYS.audit].join(", "),
    );
    expect(seconds(entry("consent").lifetime)).toBe(CONSENT_TTL_DAYS * 86_400);
    expect(entry("consentStatus").name).toBe(STORAGE_KEYS.statusShown);
    expect(entry("theme").name).toBe(THEME_STORAGE_KEY);
    expect(entry("language").name).toBe(LANGUAGE_STORAGE_KEY);
    expect(source("components/engagement/use-favourites.ts")).toMatch(/`ag_fav:\$\{contentId\}`/);
    expect(entry("favourites").name).toBe("ag_fav:<id>");
    expect(source("components/admin/inactivity-monitor.tsx")).toMatch(
      /LAST_ACTIVITY_KEY = "afterglow.lastActivity"/,
    );
    expect(entry("lastActivity").name).toBe("afterglow.lastActivity");
    expect(entry("uploads").name).toBe(UPLOADS_KEY);
    expect(source("components/uploads/engine/saved-uploads.ts")).toMatch(/SAVED_TTL_MS = 20 \* 3600_000/);
    expect(seconds(entry("uploads").lifetime)).toBe(20 * 3600);
    expect(source("components/billing/trial-banner.tsx")).toMatch(
      /DISMISSED = "afterglow.trialBannerDismissed"/,
    );
    expect(entry("trialBanner").name).toBe("afterglow.trialBannerDismissed");
  });

  it("has every row's purpose in the four languages", async () => {
    for (const locale of locales) {
      const messages = await loadMessages(locale);
      const table = (messages.legal as Record<string, Record<string, Record<string, string>>>).cookieTable!;
      for (const e of STORAGE_INVENTORY) expect(table.purposes![e.id], `${locale} ${e.id}`).toBeTruthy();
    }
  });
});
