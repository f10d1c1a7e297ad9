import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { readCappedText, readJsonBody } from "@/lib/core/http/request";

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

  it("answers the 422 of an endless chunked JSON body without reading it all (regression)", async () => {
    const { request, state } = endlessBody();
    await expect(
      readJsonBody(request, { maxBytes: 16 * 1024, messageKey: "engagement.errors.invalidRequest" }),
    ).rejects.toMatchObject({ code: "validation", messageKey: "engagement.errors.invalidRequest" });
    expect(state.pulled).toBeLessThan(24);
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

  it("counts bytes, not characters: a body of 3-byte characters over the cap is a 422", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: JSON.stringify({ t: "€".repeat(400) }),
      headers: { "content-type": "application/json" },
    });
    await expect(readJsonBody(request, { maxBytes: 1000, messageKey: "k" })).rejects.toMatchObject({
      code: "validation",
      messageKey: "k",
    });
    await expect(
      readJsonBody(new Request("http://localhost/x", { method: "POST", body: "" }), {
        maxBytes: 10,
        messageKey: "k",
      }),
    ).rejects.toBeInstanceOf(AppError);
  });
});
