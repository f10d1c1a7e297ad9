import { describe, expect, it } from "vitest";
import { decideDemoSeed } from "@/scripts/lib/demo-seed";

/** Issue #12, hole 6: `npm start` seeded the demo accounts (public password) into any empty database. */
describe("decideDemoSeed", () => {
  it("never seeds an external database by default, and says why", () => {
    const decision = decideDemoSeed({ embeddedDatabase: false, seedDemo: undefined });
    expect(decision.seed).toBe(false);
    expect(decision.seed === false && decision.reason).toMatch(/external database.*SEED_DEMO=1/);
  });

  it("seeds the embedded database by default", () => {
    expect(decideDemoSeed({ embeddedDatabase: true, seedDemo: undefined })).toEqual({ seed: true });
  });

  it("follows an explicit SEED_DEMO either way", () => {
    expect(decideDemoSeed({ embeddedDatabase: false, seedDemo: true })).toEqual({ seed: true });
    expect(decideDemoSeed({ embeddedDatabase: true, seedDemo: false })).toEqual({
      seed: false,
      reason: "SEED_DEMO=0",
    });
  });
});
