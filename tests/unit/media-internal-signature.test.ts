import { describe, expect, it } from "vitest";
import { signBody, verifySignedBody } from "@/lib/jobs/revalidate";

describe("signed internal calls (worker → app revalidation)", () => {
  const secret = "s".repeat(40);
  it("accepts a fresh body with the right signature", () => {
    const body = JSON.stringify({ companyId: "c", at: Date.now() });
    expect(verifySignedBody(body, signBody(body, secret), secret)).toMatchObject({ companyId: "c" });
  });
  it("refuses a wrong signature, a missing secret and an old body", () => {
    const body = JSON.stringify({ companyId: "c", at: Date.now() });
    expect(verifySignedBody(body, signBody(body, "x".repeat(40)), secret)).toBeNull();
    expect(verifySignedBody(body, "zz", secret)).toBeNull();
    expect(verifySignedBody(body, signBody(body, secret), null)).toBeNull();
    const old = JSON.stringify({ companyId: "c", at: Date.now() - 3600_000 });
    expect(verifySignedBody(old, signBody(old, secret), secret)).toBeNull();
  });
});
