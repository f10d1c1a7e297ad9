import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { tierZones } from "./scripts/lint/tiers.mjs";

const config = [
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "lib/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      // The bench's output, including its generated control app (scripts/bench/control-page.ts).
      ".bench/**",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Route handlers and pages must go through lib/ for data: never a database client directly,
    // nor the server runtime (server/ runs in front of Next.js, not inside a page).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@/lib/core/db", message: "app/ and components/ call lib/<concern>/ functions instead." },
          ],
          patterns: [
            {
              regex: "^@/lib/(core/db-|generated/prisma/client)",
              message: "app/ and components/ call lib/<concern>/ functions instead.",
            },
            {
              regex: "^@/server/",
              message: "server/ is the runtime in front of Next.js; pages never import it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The stairs (docs/architecture.md, "Tiers"): an import goes down the tiers or stays level,
    // never up. Folder cycles within a tier are refused by scripts/lint/folder-cycles.ts.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "server/**/*.{ts,mjs}", "app/**/*.{ts,tsx}"],
    rules: { "import/no-restricted-paths": ["error", { zones: tierZones }] },
  },
];

export default config;
