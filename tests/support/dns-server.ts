/**
 * A small authoritative DNS server over UDP for tests (RFC 1035 wire format, written here: no
 * DNS package is installed). It answers A, AAAA, CNAME and TXT from a table the test edits
 * while it runs, NXDOMAIN for names not in it, NODATA for a name without that type, SERVFAIL
 * for names in `servfail`, and follows CNAMEs inside its table like a recursive resolver.
 * `node:dns`'s `Resolver` (c-ares) queries it through `setServers(["127.0.0.1:<port>"])`.
 */
import { createSocket, type Socket } from "node:dgram";
import { isIPv6 } from "node:net";

export interface DnsEntry {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  /** Each record's text (one string per record; long values are split in 255-byte chunks). */
  TXT?: string[];
}

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_RESOLVERS / `Resolver.setServers`. */
  address: string;
  records: Map<string, DnsEntry>;
  servfail: Set<string>;
  /** Every question asked, as `TYPE name`. */
  queries: string[];
  /** Datagrams received (counted before `hold` is awaited). */
  received: number;
  /** While set, answers wait for it (a test acts between a check's read and its write). */
  hold: Promise<void> | null;
  set(name: string, entry: DnsEntry): void;
  close(): Promise<void>;
}

const TYPES = { A: 1, CNAME: 5, TXT: 16, AAAA: 28 } as const;
type RecordType = keyof typeof TYPES;
const TYPE_NAMES = new Map<number, RecordType>(Object.entries(TYPES).map(([k, v]) => [v, k as RecordType]));

const canonical = (name: string) => name.toLowerCase().replace(/\.$/, "");

function encodeName(name: string): Buffer {
  const labels = canonical(name).split(".").filter(Boolean);
  return Buffer.concat([
    ...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, "ascii")])),
    Buffer.from([0]),
  ]);
}

/** Reads an uncompressed question name (queries never use compression). */
function decodeName(message: Buffer, offset: number): { name: string; next: number } {
  const labels: string[] = [];
  let at = offset;
  for (;;) {
    const length = message[at];
    if (length === undefined) throw new Error("truncated name");
    if (length === 0) return { name: labels.join("."), next: at + 1 };
    if (length >= 0xc0) throw new Error("compressed question name");
    labels.push(message.subarray(at + 1, at + 1 + length).toString("ascii"));
    at += 1 + length;
  }
}

function ipv6Bytes(address: string): Buffer {
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g || "0", 16), i * 2));
  return out;
}

function rdata(type: RecordType, value: string): Buffer {
  switch (type) {
    case "A":
      return Buffer.from(value.split(".").map(Number));
    case "AAAA":
      if (!isIPv6(value)) throw new Error(`not IPv6: ${value}`);
      return ipv6Bytes(value);
    case "CNAME":
      return encodeName(value);
    case "TXT": {
      const bytes = Buffer.from(value, "utf8");
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length || i === 0; i += 255) {
        const chunk = bytes.subarray(i, i + 255);
        chunks.push(Buffer.from([chunk.length]), chunk);
      }
      return Buffer.concat(chunks);
    }
  }
}

function resourceRecord(name: string, type: RecordType, value: string): Buffer {
  const data = rdata(type, value);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TYPES[type], 0);
  fixed.writeUInt16BE(1, 2); // class IN
  fixed.writeUInt32BE(60, 4); // TTL
  fixed.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), fixed, data]);
}

function answer(
  records: Map<string, DnsEntry>,
  name: string,
  type: RecordType | undefined,
): { rcode: number; answers: Buffer[] } {
  const answers: Buffer[] = [];
  let current = canonical(name);
  for (let hops = 0; hops < 8; hops++) {
    const entry = records.get(current);
    if (!entry) return { rcode: hops === 0 ? 3 : 0, answers };
    if (entry.CNAME && type !== "CNAME") {
      answers.push(resourceRecord(current, "CNAME", entry.CNAME));
      current = canonical(entry.CNAME);
      continue;
    }
    if (type) {
      const values = type === "CNAME" ? (entry.CNAME ? [entry.CNAME] : []) : (entry[type] ?? []);
      for (const v of values) answers.push(resourceRecord(current, type, v));
    }
    return { rcode: 0, answers };
  }
  return { rcode: 2, answers: [] };
}

function respond(server: TestDnsServer, query: Buffer): Buffer | null {
  if (query.length < 12) return null;
  const id = query.readUInt16BE(0);
  const flags = query.readUInt16BE(2);
  if (query.readUInt16BE(4) !== 1) return null;
  const { name, next } = decodeName(query, 12);
  const qtype = query.readUInt16BE(next);
  const question = query.subarray(12, next + 4);
  const type = TYPE_NAMES.get(qtype);
  server.queries.push(`${type ?? qtype} ${canonical(name)}`);
  const { rcode, answers } = server.servfail.has(canonical(name))
    ? { rcode: 2, answers: [] }
    : answer(server.records, name, type);
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  // QR, the query's opcode and RD, AA and RA set, then the response code.
  header.writeUInt16BE(0x8000 | (flags & 0x7900) | 0x0400 | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, question, ...answers]);
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const socket: Socket = createSocket("udp4");
  const server: TestDnsServer = {
    address: "",
    records: new Map(),
    servfail: new Set(),
    queries: [],
    hold: null,
    received: 0,
    set(name, entry) {
      server.records.set(canonical(name), entry);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", async (message, remote) => {
    server.received++;
    if (server.hold) await server.hold;
    let reply: Buffer | null = null;
    try {
      reply = respond(server, message);
    } catch {
      reply = null; // a malformed query gets no answer, like a real server under garbage
    }
    if (reply) socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  server.address = `127.0.0.1:${socket.address().port}`;
  return server;
}
