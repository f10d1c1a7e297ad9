/**
 * A local server speaking the part of Cloudflare's API the app uses (v4 DNS records of one zone:
 * list with `type`/`name` filters, create, delete), with its real envelope
 * `{ success, errors: [{ code, message }], messages, result }` and its error codes: a wrong token
 * is 10000 (403), an unknown zone 7003 (400), a duplicate host 81053 (400), a missing record
 * 81044 (404). `failNext` makes the next request fail as the test says (a 5xx, a refusal).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied: boolean;
  ttl: number;
  comment: string | null;
}

export interface FakeCloudflare {
  /** The API base, for CLOUDFLARE_API_URL. */
  url: string;
  token: string;
  zoneId: string;
  records: Map<string, FakeRecord>;
  requests: { method: string; path: string; authorization: string | undefined }[];
  failNext(status: number, code: number, message: string): void;
  /** Holds every answer until released (a timeout test). */
  hang: boolean;
  close(): Promise<void>;
}

const envelope = (result: unknown, errors: { code: number; message: string }[] = []) =>
  JSON.stringify({
    success: errors.length === 0,
    errors,
    messages: [],
    result: errors.length ? null : result,
  });

export async function startFakeCloudflare(
  options: { token?: string; zoneId?: string } = {},
): Promise<FakeCloudflare> {
  const token = options.token ?? "cf-test-token";
  const zoneId = options.zoneId ?? "023e105f4ecef8ad9ca31a8372d0c353";
  let failure: { status: number; code: number; message: string } | null = null;
  const fake: Partial<FakeCloudflare> & Pick<FakeCloudflare, "records" | "requests"> = {
    token,
    zoneId,
    records: new Map(),
    requests: [],
    hang: false,
  };

  async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    fake.requests.push({
      method: req.method ?? "",
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
    });
    const send = (status: number, payload: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(payload);
    };
    if (fake.hang) return; // never answers: the client's timeout must fire
    if (req.headers.authorization !== `Bearer ${token}`) {
      return send(403, envelope(null, [{ code: 10000, message: "Authentication error" }]));
    }
    if (failure) {
      const { status, code, message } = failure;
      failure = null;
      return send(status, envelope(null, [{ code, message }]));
    }
    const match = /^\/client\/v4\/zones\/([^/]+)\/dns_records(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match || match[1] !== zoneId) {
      return send(
        400,
        envelope(null, [
          {
            code: 7003,
            message: `Could not route to ${url.pathname}, perhaps your object identifier is invalid?`,
          },
        ]),
      );
    }
    const id = match[2];
    if (req.method === "GET" && !id) {
      const type = url.searchParams.get("type");
      const name = url.searchParams.get("name");
      const list = [...fake.records.values()].filter(
        (r) => (!type || r.type === type) && (!name || r.name === name.toLowerCase()),
      );
      return send(200, envelope(list));
    }
    if (req.method === "POST" && !id) {
      const input = await body(req);
      const type = String(input.type ?? "");
      const name = String(input.name ?? "").toLowerCase();
      const content = String(input.content ?? "");
      if (!type || !name || !content) {
        return send(400, envelope(null, [{ code: 9000, message: "DNS name is invalid." }]));
      }
      if ([...fake.records.values()].some((r) => r.name === name)) {
        return send(
          400,
          envelope(null, [
            { code: 81053, message: "An A, AAAA, or CNAME record with that host already exists." },
          ]),
        );
      }
      const record: FakeRecord = {
        id: randomBytes(16).toString("hex"),
        type,
        name,
        content,
        proxied: input.proxied === true,
        ttl: Number(input.ttl ?? 1),
        comment: typeof input.comment === "string" ? input.comment : null,
      };
      fake.records.set(record.id, record);
      return send(200, envelope(record));
    }
    if (req.method === "DELETE" && id) {
      if (!fake.records.delete(id))
        return send(404, envelope(null, [{ code: 81044, message: "Record does not exist." }]));
      return send(200, envelope({ id }));
    }
    return send(405, envelope(null, [{ code: 10405, message: "Method not allowed" }]));
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/client/v4`,
    failNext(status: number, code: number, message: string) {
      failure = { status, code, message };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeCloudflare;
}
