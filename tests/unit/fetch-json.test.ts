import { describe, expect, it } from "vitest";
import type { ErrorBody } from "@/lib/core/error-body";
import { fetchJson } from "@/lib/core/http/fetch-json";
import { stubFetch } from "@/tests/support/stub-fetch";

describe("fetchJson (the browser's one JSON client)", () => {
  it("resolves to the parsed body on success and sends JSON when asked", async () => {
    const spy = stubFetch(async () => Response.json({ liked: true, likes: 3 }));
    const result = await fetchJson<{ liked: boolean; likes: number }>("/api/x", {
      method: "POST",
      json: { liked: true },
    });
    expect(result).toEqual({ ok: true, status: 200, data: { liked: true, likes: 3 } });
    const init = spy.mock.calls[0]![1]!;
    expect(init.body).toBe('{"liked":true}');
    expect(init.headers).toEqual({ "content-type": "application/json" });
  });

  it("returns the server's error body (the shared contract) on a refusal", async () => {
    const body: ErrorBody = {
      code: "validation",
      messageKey: "validation.invalidForm",
      message: "Check the form",
      values: { limit: "200 MB" },
      fieldErrors: { email: "validation.emailInvalid" },
      leadRequired: true,
    };
    stubFetch(async () => Response.json(body, { status: 422 }));
    const result = await fetchJson("/api/x");
    expect(result).toEqual({ ok: false, status: 422, error: body, body });
  });

  it("carries retryAfter of a rate-limited answer", async () => {
    stubFetch(async () =>
      Response.json(
        {
          code: "rate_limited",
          messageKey: "errors.rateLimited",
          message: "Too many",
          values: {},
          fieldErrors: {},
          retryAfter: 30,
        },
        { status: 429 },
      ),
    );
    const result = await fetchJson("/api/x");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: "rate_limited", retryAfter: 30 });
  });

  it("gives a null error for a body that is not the contract (a proxy's HTML 502)", async () => {
    stubFetch(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await fetchJson("/api/x")).toEqual({ ok: false, status: 502, error: null, body: null });
  });

  it("keeps the JSON of an error in another shape (Better Auth's code and message)", async () => {
    const body = { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" };
    stubFetch(async () => Response.json(body, { status: 401 }));
    expect(await fetchJson("/api/auth/sign-in/email")).toEqual({ ok: false, status: 401, error: null, body });
  });

  it("gives status 0 when the request never reached the server", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await fetchJson("/api/x")).toEqual({ ok: false, status: 0, error: null, body: null });
  });

  it("resolves an empty success (204) to null data", async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    expect(await fetchJson("/api/x")).toEqual({ ok: true, status: 204, data: null });
  });
});
