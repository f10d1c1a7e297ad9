import { describe, expect, it } from "vitest";
import { decideDemoSeed, listenHost } from "@/scripts/lib/demo-seed";

/**
 * Issue #12, hole 6: `npm start` seeded the demo accounts (public password) into any empty
 * database. Issue #34, row 13: and into the embedded one of an app listening on every interface.
 */
const local = "http://localhost:3000";
const loopback = "127.0.0.1";

describe("listenHost", () => {
  it("listens on loopback only for a loopback APP_URL (the quick start), on every interface otherwise", () => {
    for (const appUrl of [
      local,
      "http://127.0.0.1:3000",
      "http://demo.localhost:3000",
      "http://[::1]:3000",
    ]) {
      expect(listenHost({ host: undefined, appUrl }), appUrl).toBe(loopback);
    }
    expect(listenHost({ host: undefined, appUrl: "https://gallery.example.com" })).toBeUndefined();
    expect(listenHost({ host: undefined, appUrl: "http://192.168.1.20:3000" })).toBeUndefined();
  });

  it("follows HOST when set", () => {
    expect(listenHost({ host: "0.0.0.0", appUrl: local })).toBe("0.0.0.0");
    expect(listenHost({ host: "127.0.0.1", appUrl: "https://gallery.example.com" })).toBe("127.0.0.1");
  });
});

describe("decideDemoSeed", () => {
  const decide = (options: Partial<Parameters<typeof decideDemoSeed>[0]>) =>
    decideDemoSeed({
      embeddedDatabase: true,
      seedDemo: undefined,
      appUrl: local,
      listenHost: listenHost({ host: undefined, appUrl: options.appUrl ?? local }),
      ...options,
    });
  const reasonOf = (decision: ReturnType<typeof decideDemoSeed>) => (decision.seed ? "" : decision.reason);

  it("seeds the embedded database of an app on loopback with a loopback APP_URL (the quick start)", () => {
    expect(decide({})).toEqual({ seed: true });
    for (const appUrl of ["http://127.0.0.1:3000", "http://demo.localhost:3000", "http://[::1]:3000"]) {
      expect(decide({ appUrl }), appUrl).toEqual({ seed: true });
    }
    expect(decide({ listenHost: "::1" })).toEqual({ seed: true });
  });

  it("never seeds an external database by default, and says why", () => {
    const decision = decide({ embeddedDatabase: false });
    expect(decision.seed).toBe(false);
    expect(reasonOf(decision)).toMatch(/external database.*SEED_DEMO=1/);
  });

  it("does not seed behind a public APP_URL (served through a proxy), even on loopback", () => {
    const decision = decide({ appUrl: "https://gallery.example.com" });
    expect(decision.seed).toBe(false);
    expect(reasonOf(decision)).toMatch(/gallery\.example\.com.*SEED_DEMO=1/);
    expect(decide({ appUrl: "https://gallery.example.com", listenHost: loopback }).seed).toBe(false);
  });

  it("does not seed an app listening on every interface (HOST), even with a loopback APP_URL", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", undefined]) {
      const decision = decide({ listenHost: host });
      expect(decision.seed, String(host)).toBe(false);
      expect(reasonOf(decision)).toMatch(/listens on .*SEED_DEMO=1/);
    }
    expect(reasonOf(decide({ listenHost: "0.0.0.0" }))).toContain("listens on 0.0.0.0");
    expect(reasonOf(decide({ listenHost: undefined }))).toContain("listens on every interface");
  });

  it("follows an explicit SEED_DEMO either way", () => {
    expect(decide({ embeddedDatabase: false, seedDemo: true })).toEqual({ seed: true });
    expect(decide({ seedDemo: true, appUrl: "https://gallery.example.com" })).toEqual({ seed: true });
    expect(decide({ seedDemo: true, listenHost: "0.0.0.0" })).toEqual({ seed: true });
    expect(decide({ seedDemo: false })).toEqual({ seed: false, reason: "SEED_DEMO=0" });
  });
});
