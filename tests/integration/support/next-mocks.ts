/**
 * Integration `setupFiles` entry (after `file-services.ts`): the one set of `next/*` mocks.
 * Outside a Next request there is no request scope, so `headers()` / `cookies()` would throw
 * and `revalidatePath` / `revalidateTag` have no cache to purge. Every test file gets:
 * - `next/headers`: `headers()` answers the headers set with `setRequestHeaders` (a signed-in
 *   browser's cookie, see `auth-harness.ts`); `cookies()` is an empty store that drops writes.
 * - `next/cache`: `revalidatePath` and `revalidateTag` are spies (exported, for the tests that
 *   assert what an action revalidates); the rest of the module (`unstable_cache`) stays real.
 * Both are reset before each test: empty request headers, cleared spies.
 * A test that needs a real module calls `vi.importActual("next/headers")` (or
 * `vi.doUnmock` before a dynamic import).
 */
import { beforeEach, vi } from "vitest";

const mocks = vi.hoisted(() => ({
  request: { headers: new Headers() },
  revalidatePath: vi.fn(),
  revalidateTag: vi.fn(),
}));

vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/headers")>()),
  headers: async () => mocks.request.headers,
  cookies: async () => ({
    get: () => undefined,
    getAll: () => [],
    has: () => false,
    set: () => undefined,
    delete: () => undefined,
  }),
}));

vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  revalidatePath: mocks.revalidatePath,
  revalidateTag: mocks.revalidateTag,
}));

/** The spies behind `next/cache`'s `revalidatePath` and `revalidateTag`. */
export const revalidatePath = mocks.revalidatePath;
export const revalidateTag = mocks.revalidateTag;

/** The headers `next/headers`' `headers()` answers with from now on (e.g. `browser.headers()`). */
export function setRequestHeaders(headers: Headers): void {
  mocks.request.headers = headers;
}

/** The headers `headers()` currently answers with. */
export function requestHeaders(): Headers {
  return mocks.request.headers;
}

beforeEach(() => {
  mocks.request.headers = new Headers();
  mocks.revalidatePath.mockClear();
  mocks.revalidateTag.mockClear();
});
