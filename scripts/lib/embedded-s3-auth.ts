import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/**
 * AWS Signature Version 4 verification for the embedded store. s3rver 3.7 checks only that
 * a V4 request names a known access key ("Signature version 4 calculation is
 * unimplemented") and lets a request with no signature at all through, so the embedded
 * store verifies every request itself before s3rver sees it.
 *
 * Not verified: the payload hash against the body (the signature still covers the declared
 * hash; checking it would mean buffering every upload) and the per-chunk signatures of
 * `aws-chunked` bodies. Both protect integrity on the wire, not who may act.
 */

export interface SignedRequest {
  method: string;
  /** Path and query as received (`req.url`). */
  url: string;
  headers: IncomingHttpHeaders;
}

export type Verdict = { ok: true } | { ok: false; code: string; message: string };

const ALGORITHM = "AWS4-HMAC-SHA256";
/** S3 refuses a header-signed request whose x-amz-date is further than this from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** Longest lifetime S3 accepts for a presigned URL (seven days). */
const MAX_EXPIRES_SECONDS = 604_800;

const deny = (code: string, message: string): Verdict => ({ ok: false, code, message });

/** RFC 3986 encoding as SigV4 wants it: encodeURIComponent plus `!'()*`. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Query pairs decoded once; `+` is a literal plus in S3 URLs, not a space. */
function parseQuery(rawQuery: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const part of rawQuery.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const key = safeDecode(eq === -1 ? part : part.slice(0, eq));
    const value = safeDecode(eq === -1 ? "" : part.slice(eq + 1));
    if (key === undefined || value === undefined) return undefined;
    pairs.push([key, value]);
  }
  return pairs;
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** S3 does not normalise paths: each segment is encoded once, as the SDK signs it. */
function canonicalPath(rawPath: string): string | undefined {
  const segments = rawPath.split("/").map(safeDecode);
  if (segments.some((s) => s === undefined)) return undefined;
  return (segments as string[]).map(encodeRfc3986).join("/");
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(",") : value;
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** `20261123T214500Z` → epoch ms, or NaN. */
function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

interface Parts {
  credential: string;
  signedHeaders: string;
  signature: string;
  amzDate: string;
  payloadHash: string;
  /** Query pairs that take part in the canonical request. */
  query: [string, string][];
}

function headerParts(request: SignedRequest, query: [string, string][]): Parts | Verdict {
  const authorization = headerValue(request.headers, "authorization") ?? "";
  if (!authorization.startsWith(`${ALGORITHM} `)) {
    return deny("AccessDenied", `Only ${ALGORITHM} signatures are accepted.`);
  }
  const fields = new Map(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(",")
      .map((field) => {
        const [name = "", ...rest] = field.trim().split("=");
        return [name, rest.join("=")] as const;
      }),
  );
  const credential = fields.get("Credential");
  const signedHeaders = fields.get("SignedHeaders");
  const signature = fields.get("Signature");
  const amzDate = headerValue(request.headers, "x-amz-date");
  const payloadHash = headerValue(request.headers, "x-amz-content-sha256");
  if (!credential || !signedHeaders || !signature || !amzDate || !payloadHash) {
    return deny("AuthorizationHeaderMalformed", "The authorization header is incomplete.");
  }
  return { credential, signedHeaders, signature, amzDate, payloadHash, query };
}

function queryParts(query: [string, string][], now: number): Parts | Verdict {
  const get = (name: string) => query.find(([k]) => k === name)?.[1];
  const algorithm = get("X-Amz-Algorithm");
  const credential = get("X-Amz-Credential");
  const signedHeaders = get("X-Amz-SignedHeaders");
  const signature = get("X-Amz-Signature");
  const amzDate = get("X-Amz-Date");
  const expires = Number(get("X-Amz-Expires"));
  if (algorithm !== ALGORITHM || !credential || !signedHeaders || !signature || !amzDate) {
    return deny("AuthorizationQueryParametersError", "The presigned URL is incomplete.");
  }
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
    return deny("AuthorizationQueryParametersError", "X-Amz-Expires is invalid.");
  }
  const signedAt = parseAmzDate(amzDate);
  if (Number.isNaN(signedAt) || now > signedAt + expires * 1000) {
    return deny("AccessDenied", "Request has expired");
  }
  return {
    credential,
    signedHeaders,
    signature,
    amzDate,
    // The SDK presigns with an unsigned payload unless it hoisted a hash into the query.
    payloadHash: get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD",
    query: query.filter(([k]) => k !== "X-Amz-Signature"),
  };
}

/**
 * Verifies a SigV4 header signature or presigned query against `credentials`. Any signed
 * header (Content-Type and Content-Length of a presigned PUT included) must arrive with the
 * value that was signed, or the signature does not match.
 */
export function verifySignature(
  request: SignedRequest,
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: number = Date.now(),
): Verdict {
  const questionMark = request.url.indexOf("?");
  const rawPath = questionMark === -1 ? request.url : request.url.slice(0, questionMark);
  const query = parseQuery(questionMark === -1 ? "" : request.url.slice(questionMark + 1));
  const path = canonicalPath(rawPath);
  if (!query || path === undefined) return deny("InvalidURI", "Couldn't parse the specified URI.");

  const byHeader = request.headers.authorization !== undefined;
  const byQuery = query.some(([k]) => k === "X-Amz-Signature" || k === "X-Amz-Algorithm");
  if (byHeader && byQuery) {
    return deny("InvalidArgument", "Only one auth mechanism allowed.");
  }
  if (!byHeader && !byQuery) {
    return deny("AccessDenied", "Anonymous access is not allowed: the request must be signed.");
  }
  const parts = byHeader ? headerParts(request, query) : queryParts(query, now);
  if ("ok" in parts) return parts;

  const [accessKeyId, scopeDate, region, service, terminal, ...extra] = parts.credential.split("/");
  if (accessKeyId !== credentials.accessKeyId) {
    return deny("InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  }
  if (
    extra.length > 0 ||
    !region ||
    service !== "s3" ||
    terminal !== "aws4_request" ||
    scopeDate !== parts.amzDate.slice(0, 8)
  ) {
    return deny("AuthorizationHeaderMalformed", "The credential scope is invalid.");
  }
  if (byHeader) {
    const signedAt = parseAmzDate(parts.amzDate);
    if (Number.isNaN(signedAt) || Math.abs(now - signedAt) > MAX_SKEW_MS) {
      return deny(
        "RequestTimeTooSkewed",
        "The difference between the request time and the current time is too large.",
      );
    }
  }

  const signedHeaderNames = parts.signedHeaders.split(";");
  if (!signedHeaderNames.includes("host")) {
    return deny("AccessDenied", "The host header must be signed.");
  }
  const canonicalHeaders = signedHeaderNames
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(parts.query),
    canonicalHeaders,
    parts.signedHeaders,
    parts.payloadHash,
  ].join("\n");
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = [
    ALGORITHM,
    parts.amzDate,
    scope,
    createHash("sha256").update(canonicalRequest, "utf8").digest("hex"),
  ].join("\n");
  const signingKey = ["s3", "aws4_request"].reduce<Buffer>(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, scopeDate), region),
  );
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString("hex"));
  const provided = Buffer.from(parts.signature);
  if (expected.length !== provided.length || !timingSafeEqual(expected, provided)) {
    return deny(
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided.",
    );
  }
  return { ok: true };
}
