import { MB } from "@/lib/platform/plans/limits";

/** S3 allows at most 10,000 parts per upload. */
export const MAX_PARTS = 10_000;

/**
 * Part size and count for a multipart upload: the configured size, grown in whole MB when
 * the file would otherwise need more than 10,000 parts.
 */
export function partPlan(size: number, basePartSize: number): { partSize: number; partCount: number } {
  const needed = Math.ceil(size / MAX_PARTS / MB) * MB;
  const partSize = Math.max(basePartSize, needed);
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** Byte length of part `n` (1-based). */
export function partLength(size: number, partSize: number, partNumber: number): number {
  return Math.max(0, Math.min(partSize, size - (partNumber - 1) * partSize));
}
