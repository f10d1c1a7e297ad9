/** Reading route-handler responses in integration tests (not a test file). */
import { expect } from "vitest";

/** Reads a response body to the end as bytes (and expects some). */
export async function bytesOf(response: Response): Promise<Uint8Array> {
  const buffer = new Uint8Array(await response.arrayBuffer());
  expect(buffer.length).toBeGreaterThan(0);
  return buffer;
}
