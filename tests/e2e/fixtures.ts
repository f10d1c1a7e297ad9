import { test as base } from "@playwright/test";
import { skipCookieBanner } from "./public-helpers";

export { expect } from "@playwright/test";

/**
 * `test` for specs about something other than cookie consent: the consent banner (shown
 * 2 s after load) is marked seen, so it never covers what the test clicks.
 */
export const test = base.extend({
  context: async ({ context }, provide) => {
    await skipCookieBanner(context);
    await provide(context);
  },
});
