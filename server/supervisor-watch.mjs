/**
 * Preloaded into every Node process of the app's server by `npm start` / `npm run dev`
 * (scripts/start.ts, `--import` in NODE_OPTIONS, which Next.js's and the cluster's children
 * inherit): each of them watches the supervisor and stops when it is gone.
 *
 * Why: the Next server runs in a process group of its own (so that Ctrl-C reaches the
 * supervisor first, which then stops it in order). A `kill -9` of the supervisor therefore
 * reaches nothing else, and the orphaned server kept the port: the next `npm start` refused with
 * "Port … is in use" (issue #41). Now, within a second of the supervisor's (or its own parent's)
 * disappearance, a process does what the supervisor would have done: SIGTERM to its process
 * group when it leads one (the Next server: its cluster workers, ffmpeg and the rest go with
 * it), else to itself; the usual graceful shutdown follows (server/next-server.mjs, cluster.cjs),
 * and SIGKILL after 10 s, as scripts/start.ts's own stop does.
 *
 * AFTERGLOW_SUPERVISOR_PID (scripts/lib/supervision.ts) names the supervisor; unset, nothing is
 * watched. Plain JavaScript: it runs before (and outside) the app's TypeScript. Its one export,
 * `supervisionLost`, is the decision, for the unit tests.
 */
const supervisor = Number(process.env.AFTERGLOW_SUPERVISOR_PID);
const parent = process.ppid;

/** Whether `pid` exists (EPERM: it exists, under another user). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Whether this process has lost its supervision. The parent is judged by `process.ppid` (read
 * live: the kernel's answer now) against the parent recorded at start, not by probing the old
 * pid (attacker review): a parent that died and was not reaped yet (a zombie) still answers
 * `kill(pid, 0)`, and so does an unrelated process that got its number, but the kernel reparents
 * an orphan at once, so a different ppid means the parent is gone. The supervisor, which is not
 * every process's parent (cluster workers' parent is the primary), is still probed: its direct
 * children see it by their ppid, and their own ends reach the rest down the tree.
 */
export function supervisionLost({ recordedParent, currentParent, supervisorAlive }) {
  return currentParent !== recordedParent || !supervisorAlive;
}

/** SIGTERM, then SIGKILL, to this process's group if it leads one (its pid is the group's id), else to itself. */
function stop(signal) {
  try {
    process.kill(-process.pid, signal);
  } catch {
    process.kill(process.pid, signal); // not a group leader: no group has this id
  }
}

if (Number.isInteger(supervisor) && supervisor > 1) {
  const timer = setInterval(() => {
    if (
      !supervisionLost({
        recordedParent: parent,
        currentParent: process.ppid,
        supervisorAlive: alive(supervisor),
      })
    )
      return;
    clearInterval(timer);
    console.error(`[afterglow] the supervisor (npm start, pid ${supervisor}) is gone: stopping`);
    setTimeout(() => stop("SIGKILL"), 10_000).unref();
    stop("SIGTERM");
  }, 1_000);
  // Never what keeps a process alive.
  timer.unref();
}
