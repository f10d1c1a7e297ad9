import { describe, expect, it } from "vitest";
import {
  STORAGE_KEY,
  UploadEngine,
  type ApiResponse,
  type KeyValueStore,
  type PutResult,
  type UploadTransport,
} from "@/components/uploads/upload-engine";

const MB = 1024 * 1024;

/** An error answer as the server writes it (the shared contract of `lib/core/error-body.ts`). */
const refusal = (status: number, messageKey: string): ApiResponse => ({
  status,
  body: { code: "validation", messageKey, message: messageKey, values: {}, fieldErrors: {} },
});

/** An in-memory app + storage: presigns, stores parts, completes. */
class FakeBackend implements UploadTransport {
  uploads = new Map<
    string,
    { size: number; partSize: number | null; parts: Map<number, number>; state: string; body?: number }
  >();
  calls: string[] = [];
  failPuts = new Map<string, number>(); // url → failures left
  expiredPuts = new Set<string>(); // urls the store refuses as expired (403) the first time
  listParts = false;
  delayMs = 0;
  private n = 0;

  async api(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<ApiResponse> {
    this.calls.push(`${method} ${path}`);
    const b = body as Record<string, unknown>;
    if (method === "POST" && path === "/api/uploads") {
      const size = b.size as number;
      if ((b.fileName as string).endsWith(".exe")) {
        return refusal(422, "uploads.errors.blockedExtension");
      }
      const id = `m${++this.n}`;
      const multipart = size > 10 * MB;
      this.uploads.set(id, {
        size,
        partSize: multipart ? 5 * MB : null,
        parts: new Map(),
        state: "uploading",
      });
      return multipart
        ? {
            status: 201,
            body: { id, strategy: "multipart", partSize: 5 * MB, partCount: Math.ceil(size / (5 * MB)) },
          }
        : {
            status: 201,
            body: {
              id,
              strategy: "single",
              url: `put://${id}/whole`,
              headers: { "Content-Type": "image/jpeg" },
            },
          };
    }
    const [, , , id, action] = path.split("/");
    const upload = this.uploads.get(id!);
    if (!upload) return refusal(404, "uploads.errors.notFound");
    if (method === "GET") {
      return {
        status: 200,
        body: {
          id,
          state: upload.state,
          strategy: upload.partSize ? "multipart" : "single",
          partSize: upload.partSize,
          uploadedParts: this.listParts
            ? [...upload.parts.keys()].map((partNumber) => ({ partNumber, etag: `e${partNumber}` }))
            : null,
        },
      };
    }
    if (method === "DELETE") {
      this.uploads.delete(id!);
      return { status: 204, body: null };
    }
    if (action === "parts") {
      return {
        status: 200,
        body: { parts: (b.partNumbers as number[]).map((p) => ({ partNumber: p, url: `put://${id}/${p}` })) },
      };
    }
    if (action === "complete") {
      const got = upload.partSize
        ? [...upload.parts.values()].reduce((a, c) => a + c, 0)
        : (upload.body ?? 0);
      if (got !== upload.size) return refusal(422, "uploads.errors.incomplete");
      upload.state = "processing";
      return { status: 200, body: { id, state: "processing" } };
    }
    return { status: 500, body: null };
  }

  async put(
    url: string,
    body: Blob,
    _h: Record<string, string>,
    onProgress: (n: number) => void,
    signal: AbortSignal,
  ): Promise<PutResult> {
    this.calls.push(`PUT ${url}`);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (signal.aborted) return { status: 0, etag: null };
    if (this.expiredPuts.delete(url)) return { status: 403, etag: null };
    const left = this.failPuts.get(url) ?? 0;
    if (left > 0) {
      this.failPuts.set(url, left - 1);
      onProgress(Math.floor(body.size / 2));
      return { status: 0, etag: null }; // the connection dropped mid-way
    }
    const [, , id, part] = url.split("/");
    const upload = this.uploads.get(id!);
    if (!upload) return { status: 404, etag: null };
    onProgress(body.size);
    if (part === "whole") upload.body = body.size;
    else upload.parts.set(Number(part), body.size);
    return { status: 200, etag: `"e${part}"` };
  }
}

class MemoryStore implements KeyValueStore {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const file = (name: string, size: number, type = "video/mp4") =>
  new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });

function engine(backend: FakeBackend, storage = new MemoryStore()) {
  return new UploadEngine({ transport: backend, storage, sleep: async () => undefined, partConcurrency: 2 });
}

async function settle(e: UploadEngine) {
  for (let i = 0; i < 1000 && e.progress().active; i++) await new Promise((r) => setTimeout(r, 1));
}

const target = { type: "content" as const, contentId: "c1" };

describe("upload engine", () => {
  it("uploads small files in one PUT and large ones in parts, reaching 100 %", async () => {
    const backend = new FakeBackend();
    const e = engine(backend);
    e.add([file("a.jpg", 1000, "image/jpeg"), file("b.mp4", 12 * MB)], target);
    await settle(e);
    expect(e.items().map((i) => [i.status, i.state])).toEqual([
      ["done", "processing"],
      ["done", "processing"],
    ]);
    expect(e.progress()).toEqual({ loaded: 1000 + 12 * MB, total: 1000 + 12 * MB, active: false });
    expect(backend.calls.filter((c) => c.startsWith("PUT put://m2/"))).toHaveLength(3);
  });

  it("creates the uploads in the order the files were chosen, even when the first answer is slow", async () => {
    // The server numbers a content's media as it creates them: a slow first request must not
    // let the second and third file take positions 1 and 2 (issue #18).
    class SlowFirst extends FakeBackend {
      created: string[] = [];
      override async api(method: "GET" | "POST" | "DELETE", path: string, body?: unknown) {
        const name = (body as { fileName?: string } | undefined)?.fileName;
        if (method === "POST" && path === "/api/uploads" && name === "1.jpg") {
          await new Promise((r) => setTimeout(r, 20));
        }
        const answer = await super.api(method, path, body);
        if (method === "POST" && path === "/api/uploads" && name) this.created.push(name);
        return answer;
      }
    }
    const backend = new SlowFirst();
    const e = engine(backend);
    e.add(
      ["1.jpg", "2.jpg", "3.jpg"].map((n) => file(n, 1000, "image/jpeg")),
      target,
    );
    await settle(e);
    expect(backend.created).toEqual(["1.jpg", "2.jpg", "3.jpg"]);
    expect(e.items().map((i) => [i.file.name, i.mediaId, i.status])).toEqual([
      ["1.jpg", "m1", "done"],
      ["2.jpg", "m2", "done"],
      ["3.jpg", "m3", "done"],
    ]);
  });

  it("retries a failed part with a fresh URL and still completes", async () => {
    const backend = new FakeBackend();
    backend.failPuts.set("put://m1/2", 2);
    const e = engine(backend);
    e.add([file("b.mp4", 12 * MB)], target);
    await settle(e);
    expect(e.items()[0]?.status).toBe("done");
    expect(backend.calls.filter((c) => c === "PUT put://m1/2")).toHaveLength(3);
    expect(backend.calls.filter((c) => c === "POST /api/uploads/m1/parts").length).toBeGreaterThanOrEqual(2);
  });

  it("asks for a fresh part URL when the store refuses one as expired (403)", async () => {
    const backend = new FakeBackend();
    backend.expiredPuts.add("put://m1/3");
    const e = engine(backend);
    e.add([file("b.mp4", 12 * MB)], target);
    await settle(e);
    expect(e.items()[0]?.status).toBe("done");
    const puts = backend.calls.flatMap((c, i) => (c === "PUT put://m1/3" ? [i] : []));
    expect(puts).toHaveLength(2);
    // A new URL was signed between the refused PUT and the one that went through.
    const signed = backend.calls.slice(puts[0]! + 1, puts[1]!);
    expect(signed).toContain("POST /api/uploads/m1/parts");
  });

  it("gives up after the last attempt, then resumes on Retry without resending stored parts", async () => {
    const backend = new FakeBackend();
    backend.failPuts.set("put://m1/3", 5);
    const e = engine(backend);
    e.add([file("b.mp4", 12 * MB)], target);
    await settle(e);
    expect(e.items()[0]).toMatchObject({
      status: "error",
      error: { message: "uploads.errors.network" },
      canRetry: true,
    });
    const before = backend.calls.filter((c) => c.startsWith("PUT put://m1/1")).length;
    e.retry(e.items()[0]!.key);
    await settle(e);
    expect(e.items()[0]?.status).toBe("done");
    expect(backend.calls.filter((c) => c.startsWith("PUT put://m1/1")).length).toBe(before);
  });

  it("resumes after a reload from the parts recorded in localStorage", async () => {
    const backend = new FakeBackend();
    const storage = new MemoryStore();
    backend.failPuts.set("put://m1/3", 100); // the page is closed before part 3 arrives
    const first = new UploadEngine({
      transport: backend,
      storage,
      sleep: async () => undefined,
      maxAttempts: 1,
      partConcurrency: 1,
    });
    const video = file("long.mp4", 12 * MB);
    first.add([video], target);
    await settle(first);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toMatchObject({
      [`content:c1|long.mp4|${12 * MB}|1700000000000`]: { mediaId: "m1", parts: { 1: '"e1"', 2: '"e2"' } },
    });

    // A new page: the interrupted upload is listed until its file is added again.
    backend.failPuts.clear();
    backend.calls.length = 0;
    const second = engine(backend, storage);
    expect(second.interrupted()).toMatchObject([{ mediaId: "m1", fileName: "long.mp4" }]);
    second.add([video], target);
    await settle(second);
    expect(second.items()[0]).toMatchObject({ status: "done", resumed: true, mediaId: "m1" });
    expect(backend.calls.filter((c) => c.startsWith("PUT"))).toEqual(["PUT put://m1/3"]);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("prefers the store's own list of parts when it has one", async () => {
    const backend = new FakeBackend();
    backend.listParts = true;
    const storage = new MemoryStore();
    backend.failPuts.set("put://m1/3", 100);
    const first = new UploadEngine({
      transport: backend,
      storage,
      sleep: async () => undefined,
      maxAttempts: 1,
      partConcurrency: 1,
    });
    const video = file("long.mp4", 12 * MB);
    first.add([video], target);
    await settle(first);
    // The browser lost its record of part 2; the store still has it.
    const saved = JSON.parse(storage.getItem(STORAGE_KEY)!);
    delete Object.values(saved as Record<string, { parts: Record<string, string> }>)[0]!.parts["2"];
    storage.setItem(STORAGE_KEY, JSON.stringify(saved));
    backend.failPuts.clear();
    backend.calls.length = 0;
    const second = engine(backend, storage);
    second.add([video], target);
    await settle(second);
    expect(backend.calls.filter((c) => c.startsWith("PUT"))).toEqual(["PUT put://m1/3"]);
  });

  it("shows the server's message for a refused file and does not retry it", async () => {
    const backend = new FakeBackend();
    const e = engine(backend);
    e.add([file("setup.exe", 10, "application/octet-stream")], target);
    await settle(e);
    expect(e.items()[0]).toMatchObject({
      status: "error",
      error: { message: "uploads.errors.blockedExtension" },
    });
    expect(backend.calls.filter((c) => c === "POST /api/uploads")).toHaveLength(1);
  });

  it("cancels an upload and deletes it on the server", async () => {
    const backend = new FakeBackend();
    backend.delayMs = 30;
    const e = engine(backend);
    const [key] = e.add([file("b.mp4", 30 * MB)], target);
    await new Promise((r) => setTimeout(r, 10));
    await e.cancel(key!);
    await settle(e);
    expect(e.items()[0]?.status).toBe("cancelled");
    expect(backend.calls).toContain("DELETE /api/uploads/m1");
    expect(e.progress().total).toBe(0);
  });
});
