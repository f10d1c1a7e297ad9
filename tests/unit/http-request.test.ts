import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { readBodyText, readCappedText, readJsonBody, withCappedBody } from "@/lib/core/http/request";

/** A chunked body (no content-length) of endless 1 KB chunks, counting what was pulled. */
function endlessBody() {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      controller.enqueue(new Uint8Array(1024).fill(120));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request("http://localhost/api/forms/contact", {
    method: "POST",
    body: stream,
    headers: { "content-type": "application/json" },
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  return { request, state };
}

describe("body-size cap", () => {
  it("stops reading a chunked body as soon as it passes the cap, and cancels the stream", async () => {
    const { request, state } = endlessBody();
    expect(await readCappedText(request, 16 * 1024)).toBeNull();
    expect(state.cancelled).toBe(true);
    // 16 chunks fit; the 17th passes the cap. A small read-ahead of the stream is all that is pulled.
    expect(state.pulled).toBeLessThan(24);
  });

  it("answers the 413 of an endless chunked JSON body without reading it all (regression)", async () => {
    const { request, state } = endlessBody();
    await expect(
      readJsonBody(request, { maxBytes: 16 * 1024, messageKey: "engagement.errors.invalidRequest" }),
    ).rejects.toMatchObject({ code: "too_large", messageKey: "validation.requestTooLarge" });
    expect(state.pulled).toBeLessThan(24);
  });

  it("gives a raw body within the cap, or the 413 without reading past it", async () => {
    const { request, state } = endlessBody();
    await expect(readBodyText(request, 16 * 1024)).rejects.toMatchObject({ code: "too_large" });
    expect(state.pulled).toBeLessThan(24);
    const small = new Request("http://localhost/x", { method: "POST", body: "t=1,v1=ab" });
    expect(await readBodyText(small, 16)).toBe("t=1,v1=ab");
  });

  it("re-creates a request from its capped bytes for a library that reads the body itself", async () => {
    const form = new Request("http://localhost/api/auth/sign-in/email?x=1", {
      method: "POST",
      body: "email=a%40b.dev&password=%C3%A7",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "a=1", origin: "http://o" },
    });
    const capped = await withCappedBody(form, 1024);
    expect(capped).not.toBe(form);
    expect(capped.url).toBe("http://localhost/api/auth/sign-in/email?x=1");
    expect([capped.method, capped.headers.get("cookie"), capped.headers.get("origin")]).toEqual([
      "POST",
      "a=1",
      "http://o",
    ]);
    expect(Object.fromEntries(await capped.formData())).toEqual({ email: "a@b.dev", password: "ç" });

    const get = new Request("http://localhost/api/auth/get-session");
    expect(await withCappedBody(get, 1024)).toBe(get);

    const { request, state } = endlessBody();
    await expect(withCappedBody(request, 64 * 1024)).rejects.toMatchObject({ code: "too_large" });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(72);
  });

  it("refuses a declared length over the cap without reading the body", async () => {
    const { request, state } = endlessBody();
    request.headers.set("content-length", String(10 * 1024 * 1024));
    await expect(readCappedText(request, 16 * 1024)).resolves.toBeNull();
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("reads a body within the cap, multi-byte text included", async () => {
    const text = JSON.stringify({ comment: "Olá, ação — 🎶" });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: text,
      headers: { "content-type": "application/json" },
    });
    expect(await readJsonBody(request, { maxBytes: 1024, messageKey: "k" })).toEqual({
      comment: "Olá, ação — 🎶",
    });
  });

  it("counts bytes, not characters: a body of 3-byte characters over the cap is a 413", async () => {
    const body = JSON.stringify({ t: "€".repeat(400) });
    // Streamed, so no declared length decides: the count of bytes does.
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: new Blob([body]).stream(),
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(body.length).toBeLessThan(1000);
    await expect(readJsonBody(request, { maxBytes: 1000, messageKey: "k" })).rejects.toMatchObject({
      code: "too_large",
    });
    await expect(
      readJsonBody(new Request("http://localhost/x", { method: "POST", body: "" }), {
        maxBytes: 10,
        messageKey: "k",
      }),
    ).rejects.toBeInstanceOf(AppError);
  });
});
