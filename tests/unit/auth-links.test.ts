import { describe, expect, it } from "vitest";
import { confirmationCallback, emailChangeInToken, unusableLinkPath } from "@/lib/platform/auth/links";
import { safeNextPath, signInPath } from "@/lib/platform/auth/redirects";

describe("safeNextPath", () => {
  it("keeps local paths with their query", () => {
    expect(safeNextPath("/admin/settings")).toBe("/admin/settings");
    expect(safeNextPath("/admin/content?page=2#top")).toBe("/admin/content?page=2#top");
  });

  it.each([
    "https://evil.example/admin",
    "//evil.example/admin",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "admin",
    "",
    null,
    42,
  ])("falls back for %s", (next) => {
    expect(safeNextPath(next)).toBe("/admin");
  });

  it("builds the sign-in address that returns to a page", () => {
    expect(signInPath("/admin/events")).toBe("/auth?next=%2Fadmin%2Fevents");
  });
});

describe("confirmation links", () => {
  it("always land on /email-confirmation, keeping only a local next", () => {
    expect(confirmationCallback(undefined)).toBe("/email-confirmation");
    expect(confirmationCallback("/admin")).toBe("/email-confirmation");
    expect(confirmationCallback("/email-confirmation?next=/invite/abc")).toBe(
      "/email-confirmation?next=%2Finvite%2Fabc",
    );
    expect(confirmationCallback("/email-confirmation?next=https://evil.example")).toBe("/email-confirmation");
  });

  it("sends every unusable link to the confirmation page, keeping only a local next", () => {
    expect(unusableLinkPath(undefined)).toBe("/email-confirmation?error=LINK_UNUSABLE");
    expect(unusableLinkPath("/admin")).toBe("/email-confirmation?error=LINK_UNUSABLE");
    expect(unusableLinkPath("/email-confirmation?next=/invite/abc")).toBe(
      "/email-confirmation?next=%2Finvite%2Fabc&error=LINK_UNUSABLE",
    );
  });

  it("tells a change-of-address token from a confirmation token", () => {
    const token = (data: object) => `h.${Buffer.from(JSON.stringify(data)).toString("base64url")}.s`;
    expect(
      emailChangeInToken(
        token({ email: "Old@Test.dev", updateTo: "New@Test.dev", requestType: "change-email-verification" }),
      ),
    ).toEqual({ oldEmail: "old@test.dev", newEmail: "new@test.dev" });
    expect(emailChangeInToken(token({ email: "ana@test.dev" }))).toBeNull();
    expect(emailChangeInToken("garbage")).toBeNull();
  });
});
