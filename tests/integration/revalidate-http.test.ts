import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { revalidateTag } from "./support/next-mocks";
import { sign } from "@/lib/core/signing";

/**
 * The worker's revalidation call end to end, minus Next's cache: the worker's client
 * (`requestRevalidation`, lib/platform/site/revalidate.ts) signs and sends the change to a listener that
 * hands it to the real route file (`app/api/internal/revalidate/route.ts`), and what reaches
 * `revalidateTag` is checked. Pages served from the cache are checked by the e2e spec
 * `public-cache-refresh.spec.ts`; this one fails fast if the route stops revalidating.
 */

let jobs: typeof import("@/lib/platform/site/revalidate");
let route: typeof import("@/app/api/internal/revalidate/route");
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  jobs = await import("@/lib/platform/site/revalidate");
  route = await import("@/app/api/internal/revalidate/route");
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body: Buffer.concat(chunks),
      });
      void route.POST(request, {}).then(async (response) => {
        res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "" });
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  revalidateTag.mockClear();
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const change = { companyId: "co-reval", eventIds: ["ev-1", "ev-2"], contentIds: ["ct-1"] };

async function post(body: string, signature?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/internal/revalidate`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      ...(signature ? { [jobs.SIGNATURE_HEADER]: signature } : {}),
    },
  });
}

describe("the worker's signed revalidation call", () => {
  it("expires the company's, each event's and each content's public pages at once", async () => {
    expect(await jobs.requestRevalidation(change, baseUrl)).toBe(true);
    expect(revalidateTag.mock.calls).toEqual([
      ["company:co-reval", { expire: 0 }],
      ["event:ev-1", { expire: 0 }],
      ["event:ev-2", { expire: 0 }],
      ["content:ct-1", { expire: 0 }],
    ]);
  });

  it("revalidates nothing for an unsigned, wrongly signed or stale call", async () => {
    const fresh = JSON.stringify({ ...change, at: Date.now() });
    const stale = JSON.stringify({ ...change, at: Date.now() - 60 * 60_000 });
    const noCompany = JSON.stringify({ contentIds: ["ct-1"], at: Date.now() });
    for (const response of [
      await post(fresh),
      await post(fresh, sign("visitor-cookie", fresh).toString("hex")),
      await post(stale, jobs.signBody(stale)),
      await post(noCompany, jobs.signBody(noCompany)),
    ]) {
      expect(response.status).toBe(403);
    }
    expect(revalidateTag).not.toHaveBeenCalled();
    // The same body, signed: accepted (the refusals above were the signature's, not the body's).
    expect((await post(fresh, jobs.signBody(fresh))).status).toBe(200);
    expect(revalidateTag).toHaveBeenCalledWith("content:ct-1", { expire: 0 });
  });
});
