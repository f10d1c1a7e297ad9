import { config } from "zod";

// Runs in the browser before the app hydrates. The first time zod parses an object it probes
// whether it may compile parsers with `Function(…)`; under the pages' Content-Security-Policy
// (no 'unsafe-eval') that probe is a reported violation in every console (issue #12, hole 9).
// Forms parse small objects: the interpreted path is fast enough.
config({ jitless: true });
