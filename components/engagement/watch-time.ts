/**
 * Counts seconds of actual playback from a media element's `timeupdate` positions. Only
 * small forward steps count: a seek (or a jump after the tab slept) is a large step and is
 * skipped, a step backwards is a seek too. Whole seconds are reported in chunks; the API takes
 * at most 30 s per call, the player reports every 10 s.
 */
export const REPORT_EVERY_SECONDS = 10;
/** Longest gap between two `timeupdate`s that still counts as playing (browsers fire every ≤ 250 ms). */
const MAX_STEP_SECONDS = 1.5;

export class WatchTimeCounter {
  private last: number | null = null;
  private pending = 0;

  /** Playback position while playing; returns whole seconds due for a report (0 when none). */
  tick(position: number, reportEvery = REPORT_EVERY_SECONDS): number {
    const last = this.last;
    this.last = position;
    if (last === null) return 0;
    const step = position - last;
    if (step > 0 && step <= MAX_STEP_SECONDS) this.pending += step;
    if (this.pending < reportEvery) return 0;
    this.pending -= reportEvery;
    return reportEvery;
  }

  /** Playback stopped (pause, seek, end): the next position starts a new run. */
  stop(): void {
    this.last = null;
  }

  /** Whole seconds not yet reported; the fraction stays for later. */
  flush(): number {
    const whole = Math.floor(this.pending);
    this.pending -= whole;
    return whole;
  }
}
