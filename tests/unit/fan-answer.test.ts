import { describe, expect, it } from "vitest";
import { appendAnswerHeader, jsonAnswer, setAnswerHeader, toResponse } from "@/lib/surfaces/fan-api/answer";

describe("the fan API's JSON answers", () => {
  it("set a header as Headers.set does (one value, whatever its case) and append as Headers.append", () => {
    const answer = jsonAnswer({ ok: true }, 202);
    setAnswerHeader(answer, "cache-control", "max-age=1");
    setAnswerHeader(answer, "Cache-Control", "no-store");
    appendAnswerHeader(answer, "Set-Cookie", "a=1");
    appendAnswerHeader(answer, "Set-Cookie", "b=2");
    expect(answer.headers).toEqual([
      ["Cache-Control", "no-store"],
      ["Set-Cookie", "a=1"],
      ["Set-Cookie", "b=2"],
    ]);
  });

  it("become the Response Response.json would give, with every cookie", async () => {
    const answer = jsonAnswer({ likes: 2, text: "é ✓" }, 201);
    appendAnswerHeader(answer, "Set-Cookie", "a=1");
    appendAnswerHeader(answer, "Set-Cookie", "b=2");
    const response = toResponse(answer);
    const expected = Response.json({ likes: 2, text: "é ✓" }, { status: 201 });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe(expected.headers.get("content-type"));
    expect(await response.text()).toBe(await expected.text());
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  it("leave a Response as it is, its headers set on it", () => {
    const response = new Response("zip");
    setAnswerHeader(response, "Cache-Control", "no-store");
    appendAnswerHeader(response, "Set-Cookie", "a=1");
    expect(toResponse(response)).toBe(response);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual(["a=1"]);
  });
});
