/**
 * The tiers of the code, bottom first (docs/architecture.md, "Tiers"). A module may import
 * from its own tier and the tiers below it, never from one above: ESLint's
 * `import/no-restricted-paths` refuses the rest (eslint.config.mjs), and
 * scripts/lint/folder-cycles.ts refuses folders that import each other in a ring.
 * Folders on one rung (server/ and components/) may not import each other.
 */
export const TIERS = [
  ["lib/core"],
  ["lib/platform"],
  ["lib/features"],
  ["lib/surfaces"],
  ["server", "components"],
  ["app"],
];

const above = (index) => TIERS.slice(index + 1).flat();

export const tierZones = [
  ...TIERS.flatMap((rung, index) =>
    rung.map((target) => ({
      target: `./${target}`,
      from: [...above(index), ...rung.filter((other) => other !== target)].map((dir) => `./${dir}`),
      message: `${target}/ is below these in the tiers (docs/architecture.md): move the shared piece down instead.`,
    })),
  ),
  {
    // The primitives depend on nothing above them: feature components build on ui/, not the reverse.
    target: "./components/ui",
    from: "./components",
    except: ["./ui"],
    message: "components/ui/ holds primitives: they import no feature component.",
  },
];
