/** Types of server/supervisor-watch.mjs (plain JavaScript: a preload, outside the app's TypeScript). */
export declare function supervisionLost(state: {
  /** The parent's pid when the process started. */
  recordedParent: number;
  /** `process.ppid` now. */
  currentParent: number;
  supervisorAlive: boolean;
}): boolean;
