/**
 * Milliseconds of CPU this process spent running `work` (user + system), with its result. The
 * bound of a "stays fast on hostile input" test: unlike the wall clock, it does not grow when a
 * busy CI machine runs other processes beside the test (a 3 s wall-clock bound failed at 5.2 s
 * while the same work took milliseconds of CPU), yet a catastrophic backtracking or quadratic
 * blow-up still takes seconds of it.
 */
export function cpuMs<T>(work: () => T): { ms: number; result: T } {
  const before = process.cpuUsage();
  const result = work();
  const spent = process.cpuUsage(before);
  return { ms: (spent.user + spent.system) / 1000, result };
}
