import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * What keeps `npm start`'s children from outliving it when it is killed outright (`kill -9`:
 * no handler runs, issue #41). Two pieces, one per kind of child:
 * - Node processes (the Next server, its cluster workers, `next dev`) get
 *   server/supervisor-watch.mjs and the supervisor's pid: each stops within seconds of
 *   the supervisor's end (`supervisedNodeEnv`).
 * - A process that cannot load code of ours (the embedded PostgreSQL) gets a guard
 *   (`signalWhenGone`).
 */

/** The variable server/supervisor-watch.mjs reads (the same name there). */
export const SUPERVISOR_PID_VARIABLE = "AFTERGLOW_SUPERVISOR_PID";

const watchPreload = pathToFileURL(
  path.resolve(import.meta.dirname, "../../server/supervisor-watch.mjs"),
).href;

/**
 * The environment for a Node child that must stop when this process ends: `NODE_OPTIONS` with
 * the watch preload added to `nodeOptions` (Node's children inherit it), and this process's pid.
 */
export function supervisedNodeEnv(nodeOptions: (string | undefined)[]): Record<string, string> {
  return {
    NODE_OPTIONS: [...nodeOptions, `--import=${watchPreload}`].filter(Boolean).join(" "),
    [SUPERVISOR_PID_VARIABLE]: String(process.pid),
  };
}

/**
 * A guard for `pid`: a tiny `sh` (about 1 MB) that checks every second whether this process
 * still exists and, once it is gone however it ended (SIGKILL included), sends `signal` to
 * `pid` (nothing once `pid` itself has gone). The returned function cancels it, for an orderly
 * stop (and synchronously, from an `exit` handler). Not on Windows (no `sh`): nothing guarded.
 */
export function signalWhenGone(pid: number, signal: NodeJS.Signals): () => void {
  if (process.platform === "win32") return () => undefined;
  // Ends without a signal when `pid` goes first (a crash): its number may be reused later.
  const script =
    'while kill -0 "$1" 2>/dev/null; do kill -0 "$2" 2>/dev/null || exit 0; sleep 1; done; kill -s "$3" "$2" 2>/dev/null';
  const guard = spawn(
    "sh",
    ["-c", script, "afterglow-guard", String(process.pid), String(pid), signal.slice(3)],
    {
      stdio: "ignore",
    },
  );
  guard.on("error", () => undefined); // no `sh`: nothing guarded, as on Windows
  guard.unref();
  return () => {
    if (guard.exitCode === null && guard.signalCode === null) guard.kill("SIGKILL");
  };
}
