import { afterEach, vi } from "vitest";

/**
 * Replaces the global `fetch` with `impl` for one test and returns the spy; the test file that
 * imports this gets the original back after every test. For browser-side clients (fetch-json,
 * the auth client) tested without a server.
 */
export const stubFetch = (impl: (url: string, init?: RequestInit) => Promise<Response>) => {
  const spy = vi.fn(impl);
  vi.stubGlobal("fetch", spy);
  return spy;
};

afterEach(() => {
  vi.unstubAllGlobals();
});
