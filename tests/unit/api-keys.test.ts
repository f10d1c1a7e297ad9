import { describe, expect, it } from "vitest";
import { apiKeyInputSchema } from "@/lib/features/api-keys/schemas";
import { API_SCOPES, isApiScope } from "@/lib/features/api-keys/scopes";
import { bearerToken, newApiToken } from "@/lib/features/api-keys/token";
import { hashSecretToken } from "@/lib/core/secret-token";

const headers = (authorization?: string) => new Headers(authorization ? { authorization } : {});
const refusal = (authorization?: string) => {
  try {
    bearerToken(headers(authorization));
    return null;
  } catch (error) {
    return (error as { messageKey: string }).messageKey;
  }
};

describe("API tokens", () => {
  it("are ag_ and 32 random bytes, hashed with SHA-256, with a short shown prefix", () => {
    const a = newApiToken();
    const b = newApiToken();
    expect(a.token).toMatch(/^ag_[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(hashSecretToken(a.token));
    expect(a.prefix).toBe(a.token.slice(0, 11));
  });

  it("are read from a Bearer header only", () => {
    const { token } = newApiToken();
    expect(bearerToken(headers(`Bearer ${token}`))).toBe(token);
    expect(bearerToken(headers(`bearer  ${token} `))).toBe(token);
    expect(refusal()).toBe("api.errors.keyMissing");
    expect(refusal(`Basic ${token}`)).toBe("api.errors.keyInvalid");
    expect(refusal("Bearer sk_live_123")).toBe("api.errors.keyInvalid");
    expect(refusal(`Bearer ${token} extra`)).toBe("api.errors.keyInvalid");
    expect(refusal(`Bearer ag_${"x".repeat(300)}`)).toBe("api.errors.keyInvalid");
  });
});

describe("a new key's input", () => {
  it("takes a name, known scopes (once each) and a lifetime", () => {
    expect(
      apiKeyInputSchema.parse({ name: " CRM ", scopes: ["leads:read", "leads:read"], lifetime: "never" }),
    ).toEqual({ name: "CRM", scopes: ["leads:read"], lifetime: "never" });
    expect(apiKeyInputSchema.safeParse({ name: "x", scopes: ["leads:admin"], lifetime: "30" }).success).toBe(
      false,
    );
    expect(
      apiKeyInputSchema.safeParse({ name: "x".repeat(61), scopes: ["leads:read"], lifetime: "30" }).success,
    ).toBe(false);
    expect(apiKeyInputSchema.safeParse({ name: "x", scopes: ["leads:read"], lifetime: "7" }).success).toBe(
      false,
    );
  });

  it("offers only scopes that are resource:read or resource:write", () => {
    for (const scope of API_SCOPES) expect(scope).toMatch(/^[a-z]+:(read|write)$/);
    expect(isApiScope("leads:read")).toBe(true);
    expect(isApiScope("admin")).toBe(false);
  });
});
