import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, statusOf, toActionError, validationError, type ErrorCode } from "@/lib/core/errors";
import { parseErrorBody, type ErrorBody } from "@/lib/core/error-body";
import { errorResponse } from "@/lib/core/http/error-response";

const request = (locale?: string) =>
  new Request("https://app.test/api/things/1", {
    method: "POST",
    headers: locale ? { cookie: `other=1; NEXT_LOCALE=${locale}` } : {},
  });

afterEach(() => vi.restoreAllMocks());

describe("the one status map", () => {
  it.each([
    ["validation", 422],
    ["unauthorized", 401],
    ["forbidden", 403],
    ["not_found", 404],
    ["conflict", 409],
    ["too_large", 413],
    ["rate_limited", 429],
    ["internal", 500],
  ] as [ErrorCode, number][])("%s → %i, in the answer and on the error", async (code, status) => {
    expect(statusOf[code]).toBe(status);
    expect(new AppError(code, "errors.notFoundTitle").status).toBe(status);
    const response = await errorResponse(new AppError(code, "errors.notFoundTitle"), request());
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the HTTP error mapper", () => {
  it("closes the connection after a 413, so the unread rest of the body is never received", async () => {
    const response = await errorResponse(
      new AppError("too_large", "validation.requestTooLarge"),
      request("en"),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toMatchObject({ code: "too_large", message: "The request is too large." });
    const other = await errorResponse(new AppError("conflict", "errors.notFoundTitle"), request());
    expect(other.headers.has("connection")).toBe(false);
  });

  it("writes the contract's body, the message in the request's language with its values", async () => {
    const error = new AppError("validation", "uploads.errors.fileTooLargeForPlan", {
      values: { limit: "200 MB" },
      fieldErrors: { size: "uploads.errors.fileTooLargeForPlan" },
    });
    const english = await errorResponse(error, request("en"));
    expect(english.headers.get("content-type")).toContain("application/json");
    const body = (await english.json()) as ErrorBody;
    expect(body).toEqual({
      code: "validation",
      messageKey: "uploads.errors.fileTooLargeForPlan",
      message: "File size must be less than 200 MB",
      values: { limit: "200 MB" },
      fieldErrors: { size: "uploads.errors.fileTooLargeForPlan" },
    });
    // The browser's reader accepts it as it is.
    expect(parseErrorBody(body)).toEqual(body);

    const portuguese = await errorResponse(error, request());
    expect(((await portuguese.json()) as ErrorBody).message).toBe("O ficheiro deve ter menos de 200 MB");
    const unknownLocale = await errorResponse(error, request("xx"));
    expect(((await unknownLocale.json()) as ErrorBody).message).toBe("O ficheiro deve ter menos de 200 MB");
  });

  it("sends leadRequired, and retryAfter with the Retry-After header", async () => {
    const gate = await errorResponse(
      new AppError("forbidden", "engagement.errors.leadRequired", { leadRequired: true }),
      request("en"),
    );
    expect(gate.headers.get("retry-after")).toBeNull();
    expect(await gate.json()).toMatchObject({ code: "forbidden", leadRequired: true });

    const limited = await errorResponse(
      new AppError("rate_limited", "engagement.errors.rateLimited", { retryAfter: 17 }),
      request("en"),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("17");
    const body = (await limited.json()) as ErrorBody;
    expect(body).toMatchObject({ retryAfter: 17, messageKey: "engagement.errors.rateLimited" });
    expect(body).not.toHaveProperty("leadRequired");
  });

  it("answers an unknown error with a generic 500, logged with its context, never echoed", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const secret = new Error('relation "secret_table" does not exist');
    const response = await errorResponse(secret, request("en"), { companyId: "c-1" });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret_table");
    expect(JSON.parse(text)).toEqual({
      code: "internal",
      messageKey: "errors.serverErrorMessage",
      message: "This page could not be loaded. Please try again in a moment.",
      values: {},
      fieldErrors: {},
    });
    expect(log).toHaveBeenCalledWith(
      "[afterglow] unexpected error",
      expect.objectContaining({ companyId: "c-1", path: "/api/things/1", method: "POST", error: secret }),
    );
  });

  it("does not log a known error", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await errorResponse(new AppError("not_found", "errors.notFoundTitle"), request());
    expect(log).not.toHaveBeenCalled();
  });
});

describe("the action-result mapper", () => {
  it("keeps the key, its values and the field errors for the client to translate", () => {
    const error = new AppError("forbidden", "plans.errors.storageQuota", { values: { quota: "5 GB" } });
    expect(toActionError(error)).toEqual({
      ok: false,
      code: "forbidden",
      message: "plans.errors.storageQuota",
      values: { quota: "5 GB" },
      fieldErrors: {},
    });
  });

  it("answers an unknown error generically and logs it", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = toActionError(new Error("db down at 10.0.0.3"), { companyId: "c-1" });
    expect(result).toEqual({
      ok: false,
      code: "internal",
      message: "errors.serverErrorMessage",
      values: {},
      fieldErrors: {},
    });
    expect(JSON.stringify(result)).not.toContain("10.0.0.3");
    expect(log).toHaveBeenCalledWith(
      "[afterglow] unexpected error",
      expect.objectContaining({ companyId: "c-1" }),
    );
  });
});

describe("validationError", () => {
  const schema = z.object({
    name: z.string().min(1, "engagement.errors.nameAndEmailRequired"),
    rating: z.number({ error: "engagement.errors.ratingInvalid" }),
  });
  const zodError = schema.safeParse({ name: "", rating: "x" }).error!;

  it("is a form's 422 by default, with every field's key", () => {
    expect(validationError(zodError)).toMatchObject({
      code: "validation",
      messageKey: "validation.invalidForm",
      fieldErrors: {
        name: "engagement.errors.nameAndEmailRequired",
        rating: "engagement.errors.ratingInvalid",
      },
    });
  });

  it("shows the most useful field message and nests fields under a prefix when asked", () => {
    const error = validationError(zodError, { message: "field", prefix: "lead" });
    expect(error.messageKey).toBe("engagement.errors.nameAndEmailRequired");
    expect(error.fieldErrors).toEqual({
      "lead.name": "engagement.errors.nameAndEmailRequired",
      "lead.rating": "engagement.errors.ratingInvalid",
    });
  });
});

describe("a 403's text (issue #18)", () => {
  const forbidden = () => new AppError("forbidden", "settings.onlyAdmins");
  const asking = (headers: Record<string, string>) =>
    new Request("https://app.test/api/admin/things", { method: "POST", headers });

  it("is in the language the request asks for when no language cookie is set", async () => {
    const body = (await (
      await errorResponse(forbidden(), asking({ "accept-language": "en-GB,en;q=0.9" }))
    ).json()) as ErrorBody;
    expect(body).toMatchObject({
      code: "forbidden",
      message: "Only administrators can edit company settings",
    });
    const fr = (await (
      await errorResponse(forbidden(), asking({ "accept-language": "fr" }))
    ).json()) as ErrorBody;
    expect(fr.message).not.toBe(body.message);
    expect(fr.message).not.toBe("settings.onlyAdmins");
  });

  it("follows the language cookie over the header", async () => {
    const body = (await (
      await errorResponse(forbidden(), asking({ "accept-language": "en", cookie: "NEXT_LOCALE=es" }))
    ).json()) as ErrorBody;
    expect(body.message).toMatch(/administrador/i);
  });
});
