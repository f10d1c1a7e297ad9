import { expect, it } from "vitest";

it("makes zod jitless before any form loads it, without importing zod itself", async () => {
  await import("@/instrumentation-client");
  const { config } = await import("zod");
  expect(config().jitless).toBe(true);
});
