/**
 * Local servers speaking the HTTP APIs of the two translation services the app can use:
 * DeepL (`POST /v2/translate`, `Authorization: DeepL-Auth-Key …`, JSON `{ text, source_lang,
 * target_lang }` → `{ translations: [{ detected_source_language, text }] }`; 403 for a wrong key,
 * 429 too many requests, 456 quota exceeded) and LibreTranslate (`POST /translate`, JSON
 * `{ q, source, target, format, api_key }` → `{ translatedText }`, a string for a string and an
 * array for an array; 403 for a wrong key). They "translate" by tagging each text with the
 * target language (`[EN-GB] Olá`), so a test sees which text went where. `fail(status, times)`
 * makes the next answers fail as a real service would.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTranslationServer {
  url: string;
  key: string;
  requests: { path: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> }[];
  /** The next `times` requests answer `status` (Infinity: every one). */
  fail(status: number, times?: number): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function start(
  key: string,
  handle: (req: IncomingMessage, body: Record<string, unknown> | null, res: ServerResponse) => void,
  failure: (res: ServerResponse, status: number) => void,
): Promise<FakeTranslationServer> {
  let failing = { status: 0, times: 0 };
  const fake: Omit<FakeTranslationServer, "url" | "close"> = {
    key,
    requests: [],
    fail(status, times = 1) {
      failing = { status, times };
    },
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      fake.requests.push({ path: req.url ?? "", headers: req.headers, body: body ?? {} });
      if (failing.times > 0) {
        failing.times--;
        return failure(res, failing.status);
      }
      handle(req, body, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const DEEPL_TARGETS = new Set(["EN-GB", "EN-US", "PT-PT", "PT-BR", "ES", "FR", "DE"]);
const DEEPL_SOURCES = new Set(["EN", "PT", "ES", "FR", "DE"]);

export function startFakeDeepl(options: { key?: string } = {}): Promise<FakeTranslationServer> {
  const key = options.key ?? "fake-deepl-key:fx";
  return start(
    key,
    (req, body, res) => {
      if (req.method !== "POST" || req.url !== "/v2/translate")
        return send(res, 404, { message: "Not found" });
      if (req.headers.authorization !== `DeepL-Auth-Key ${key}`)
        return send(res, 403, { message: "Authorization failure, check auth_key" });
      const texts = body?.text;
      const target = body?.target_lang;
      const source = body?.source_lang;
      if (
        !Array.isArray(texts) ||
        texts.length === 0 ||
        texts.length > 50 ||
        !texts.every((t) => typeof t === "string")
      )
        return send(res, 400, { message: "Parameter 'text' not specified." });
      if (typeof target !== "string" || !DEEPL_TARGETS.has(target))
        return send(res, 400, { message: "Value for 'target_lang' not supported." });
      if (source !== undefined && (typeof source !== "string" || !DEEPL_SOURCES.has(source)))
        return send(res, 400, { message: "Value for 'source_lang' not supported." });
      send(res, 200, {
        translations: (texts as string[]).map((text) => ({
          detected_source_language: source ?? "PT",
          text: `[${target}] ${text}`,
        })),
      });
    },
    (res, status) =>
      send(res, status, {
        message: status === 456 ? "Quota exceeded" : status === 429 ? "Too many requests" : "Internal error",
      }),
  );
}

export function startFakeLibreTranslate(options: { key?: string } = {}): Promise<FakeTranslationServer> {
  const key = options.key ?? "fake-libre-key";
  return start(
    key,
    (req, body, res) => {
      if (req.method !== "POST" || req.url !== "/translate") return send(res, 404, { error: "Not Found" });
      if (!body) return send(res, 400, { error: "Invalid request: request (JSON) is not valid" });
      if (key && body.api_key !== key) return send(res, 403, { error: "Invalid API key" });
      const { q, source, target, format } = body;
      if (q === undefined) return send(res, 400, { error: "Invalid request: missing q parameter" });
      if (typeof source !== "string" || typeof target !== "string")
        return send(res, 400, { error: "Invalid request: missing source or target parameter" });
      if (format !== undefined && format !== "text" && format !== "html")
        return send(res, 400, { error: `${String(format)} format is not supported` });
      const tag = (text: string) => `[${target}] ${text}`;
      if (typeof q === "string") return send(res, 200, { translatedText: tag(q) });
      if (!Array.isArray(q) || !q.every((t) => typeof t === "string"))
        return send(res, 400, { error: "Invalid request: q must be a string or a list of strings" });
      send(res, 200, { translatedText: (q as string[]).map(tag) });
    },
    (res, status) =>
      send(res, status, { error: status === 429 ? "Slowdown: 80 per 1 minute" : "Internal error" }),
  );
}
