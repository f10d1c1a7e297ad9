import { describe, expect, it } from "vitest";
import { decideDemoSeed } from "@/scripts/lib/demo-seed";

/** Issue #12, hole 6: `npm start` seeded the demo accounts (public password) into any empty database. */
const local = "http://localhost:3000";

describe("decideDemoSeed", () => {
  it("never seeds an external database by default, and says why", () => {
    const decision = decideDemoSeed({ embeddedDatabase: false, seedDemo: undefined, appUrl: local });
    expect(decision.seed).toBe(false);
    expect(decision.seed === false && decision.reason).toMatch(/external database.*SEED_DEMO=1/);
  });

  it("seeds the embedded database by default", () => {
    expect(decideDemoSeed({ embeddedDatabase: true, seedDemo: undefined, appUrl: local })).toEqual({
      seed: true,
    });
  });

  it("follows an explicit SEED_DEMO either way", () => {
    expect(decideDemoSeed({ embeddedDatabase: false, seedDemo: true, appUrl: local })).toEqual({
      seed: true,
    });
    expect(decideDemoSeed({ embeddedDatabase: true, seedDemo: false, appUrl: local })).toEqual({
      seed: false,
      reason: "SEED_DEMO=0",
    });
  });

  it("does not seed the embedded database of an app served on a public address (review finding)", () => {
    const decision = decideDemoSeed({
      embeddedDatabase: true,
      seedDemo: undefined,
      appUrl: "https://gallery.example.com",
    });
    expect(decision.seed).toBe(false);
    expect(decision.seed === false && decision.reason).toMatch(/gallery\.example\.com.*SEED_DEMO=1/);
    for (const local of ["http://127.0.0.1:3000", "http://demo.localhost:3000", "http://[::1]:3000"]) {
      expect(decideDemoSeed({ embeddedDatabase: true, seedDemo: undefined, appUrl: local })).toEqual({
        seed: true,
      });
    }
    expect(
      decideDemoSeed({ embeddedDatabase: true, seedDemo: true, appUrl: "https://gallery.example.com" }),
    ).toEqual({ seed: true });
  });
});
