import type { UploadTransport } from "@/components/uploads/engine/types";
import { fetchJson } from "@/lib/core/http/fetch-json";

/** fetch for the app's API (same origin, cookies), XMLHttpRequest for storage PUTs (progress events). */
export const browserTransport: UploadTransport = {
  async api(method, path, body) {
    const result = await fetchJson(path, { method, json: body, credentials: "same-origin" });
    // status 0: the request never reached the server, which the engine retries as a network failure.
    return { status: result.status, body: result.ok ? result.data : result.error };
  },
  put(url, body, headers, onProgress, signal) {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("PUT", url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => resolve({ status: xhr.status, etag: xhr.getResponseHeader("ETag") });
      xhr.onerror = () => resolve({ status: 0, etag: null });
      xhr.ontimeout = () => resolve({ status: 0, etag: null });
      const abort = () => xhr.abort();
      signal.addEventListener("abort", abort, { once: true });
      xhr.onabort = () => resolve({ status: 0, etag: null });
      xhr.send(body);
    });
  },
};
