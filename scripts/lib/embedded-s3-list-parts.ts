import { readdir, readFile, stat } from "node:fs/promises";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";

/**
 * S3's ListParts (`GET /<bucket>/<key>?uploadId=…`) for the embedded store. s3rver 3.7 keeps
 * the parts of an open multipart upload on disk but answers ListParts with 405, so a resumed
 * upload could only trust the browser's own record of its parts. Real S3 (and MinIO, R2)
 * list them, and the app prefers the store's list: answering it here makes the embedded
 * default — and the tests — run the same path as production.
 *
 * s3rver's layout (stores/filesystem.js): `<dir>/<bucket>/._S3rver_uploads/<uploadId>/` holds
 * `key` (the object key), and per part `<n>` (the bytes) and `<n>.md5` (written once the
 * part was received whole, so a part whose PUT was cut off is not listed).
 */
const MAX_PARTS = 1000;

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    "Content-Type": "application/xml",
    "Content-Length": Buffer.byteLength(body),
    "Access-Control-Allow-Origin": "*",
  });
  res.end(body);
}

function noSuchUpload(res: ServerResponse, uploadId: string): void {
  send(
    res,
    404,
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message>" +
      `<UploadId>${xmlEscape(uploadId)}</UploadId></Error>`,
  );
}

interface StoredPart {
  number: number;
  etag: string;
  size: number;
  lastModified: Date;
}

async function storedParts(uploadDir: string): Promise<StoredPart[]> {
  const names = await readdir(uploadDir);
  const parts = await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name) && names.includes(`${name}.md5`))
      .map(async (name) => {
        const [md5, info] = await Promise.all([
          readFile(path.join(uploadDir, `${name}.md5`), "utf8"),
          stat(path.join(uploadDir, name)),
        ]);
        return { number: Number(name), etag: `"${md5.trim()}"`, size: info.size, lastModified: info.mtime };
      }),
  );
  return parts.sort((a, b) => a.number - b.number);
}

/** Answers ListParts from s3rver's files; every other request goes to `next` (s3rver). */
export function listParts(next: RequestListener, directory: string): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://store");
    const uploadId = url.searchParams.get("uploadId");
    if (req.method !== "GET" || uploadId === null) {
      next(req, res);
      return;
    }
    const [, bucket, ...keyParts] = url.pathname.split("/").map((segment) => decodeURIComponent(segment));
    const key = keyParts.join("/");
    // An upload id is s3rver's 32 hex digits: nothing else may become a path.
    if (!bucket || !key || !/^[0-9a-f]{32}$/.test(uploadId) || bucket.includes("..")) {
      noSuchUpload(res, uploadId);
      return;
    }
    const uploadDir = path.join(directory, bucket, "._S3rver_uploads", uploadId);
    void (async () => {
      const storedKey = await readFile(path.join(uploadDir, "key"), "utf8").catch(() => null);
      if (storedKey !== key) return noSuchUpload(res, uploadId);
      const marker = Number(url.searchParams.get("part-number-marker") ?? 0) || 0;
      const max = Math.min(MAX_PARTS, Number(url.searchParams.get("max-parts") ?? MAX_PARTS) || MAX_PARTS);
      const after = (await storedParts(uploadDir)).filter((p) => p.number > marker);
      const page = after.slice(0, max);
      const truncated = after.length > page.length;
      send(
        res,
        200,
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
          `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
          `<UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
          `<NextPartNumberMarker>${page.at(-1)?.number ?? marker}</NextPartNumberMarker>` +
          `<MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>` +
          page
            .map(
              (p) =>
                `<Part><PartNumber>${p.number}</PartNumber><LastModified>${p.lastModified.toISOString()}` +
                `</LastModified><ETag>${xmlEscape(p.etag)}</ETag><Size>${p.size}</Size></Part>`,
            )
            .join("") +
          "</ListPartsResult>",
      );
    })().catch((error: unknown) => {
      console.error("[embedded-s3] ListParts failed", error);
      if (!res.headersSent) send(res, 500, "<Error><Code>InternalError</Code></Error>");
    });
  };
}
