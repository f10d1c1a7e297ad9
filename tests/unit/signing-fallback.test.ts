import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Issue #34, low review finding: the signer fell back to its fixed development secret whenever
 * NODE_ENV was unset (lib/core/env.ts defaults it to "development"), so a worker or script
 * started by hand without NODE_ENV signed with a value printed in the source. Only an explicit
 * NODE_ENV=development or test may use it now.
 */
async function signerWith(nodeEnv: string | undefined) {
  vi.resetModules();
  vi.stubEnv("INTERNAL_SECRET", undefined);
  vi.stubEnv("BETTER_AUTH_SECRET", undefined);
  vi.stubEnv("NODE_ENV", nodeEnv);
  return import("@/lib/core/signing");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the signer's fixed development secret", () => {
  it("is not used when NODE_ENV is unset: keys are the process's own", async () => {
    const first = await signerWith(undefined);
    expect(first.sharedSigning()).toBe(false);
    const mac = first.sign("zip-ticket", "data").toString("hex");
    // Another process (here: a fresh module) has other keys.
    const second = await signerWith(undefined);
    expect(second.sign("zip-ticket", "data").toString("hex")).not.toBe(mac);
  });

  it("is not used in production", async () => {
    expect((await signerWith("production")).sharedSigning()).toBe(false);
  });

  it.each(["development", "test"])(
    "is used when NODE_ENV is %s, the same in every process",
    async (nodeEnv) => {
      const first = await signerWith(nodeEnv);
      expect(first.sharedSigning()).toBe(true);
      const mac = first.sign("zip-ticket", "data").toString("hex");
      expect((await signerWith(nodeEnv)).sign("zip-ticket", "data").toString("hex")).toBe(mac);
    },
  );

  it("gives way to a configured secret whatever NODE_ENV says", async () => {
    vi.resetModules();
    vi.stubEnv("NODE_ENV", undefined);
    vi.stubEnv("BETTER_AUTH_SECRET", "a-configured-secret-of-enough-length-000");
    const signer = await import("@/lib/core/signing");
    expect(signer.sharedSigning()).toBe(true);
  });
});
