// Runs in the browser before the app hydrates. The first time zod parses an object it probes
// whether it may compile parsers with `Function(…)`; under the pages' Content-Security-Policy
// (no 'unsafe-eval') that probe is a reported violation in every console (issue #12, hole 9).
// Forms parse small objects: the interpreted path is fast enough.
// Set through zod's global configuration object (zod 4 keeps it on `globalThis` so that every
// copy of the library shares it; `config()` writes the same object) rather than by importing
// `config`: that import put zod on every public page, most of which never parse a thing (#16).
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
