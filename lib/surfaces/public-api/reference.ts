import { escapeHtml as escape } from "@/lib/platform/auth/email-layout";
import { API_DOCUMENT_PATH } from "@/lib/features/api-keys/scopes";
import { apiDocument, API_BASE_PATH } from "@/lib/surfaces/public-api/openapi";

/**
 * The API's readable reference (`/api/v1/docs`), rendered from the OpenAPI document itself, so
 * the page and the document cannot disagree. Plain semantic HTML: /api answers carry a
 * Content-Security-Policy that loads nothing (lib/core/http/response-headers.ts), and a browser's
 * own styles keep headings, tables and code readable. In English, like the document and the
 * API's field names (a developer reference; the error messages follow Accept-Language).
 */

/** `code` spans of the descriptions, as <code>; everything else escaped. */
const prose = (text: string) =>
  escape(text)
    .split("\n\n")
    .map((p) => `<p>${p.replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`)
    .join("\n");

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string; default?: unknown };
}

type ApiDocument = ReturnType<typeof apiDocument>;

/** The example of an operation's JSON body (its schema's `example`, through the `$ref`), for the curl line. */
function bodyExample(doc: ApiDocument, requestBody: unknown): unknown {
  const schema = (requestBody as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)
    ?.content?.["application/json"]?.schema;
  const name = schema?.$ref?.split("/").at(-1);
  const resolved = name ? doc.components?.schemas?.[name] : schema;
  return (resolved as { example?: unknown } | undefined)?.example;
}

export function apiReferenceHtml(): string {
  const doc = apiDocument();
  const server = doc.servers?.[0]?.url ?? API_BASE_PATH;
  const sections: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ["get", "post", "patch", "delete"] as const) {
      const op = item?.[method];
      if (!op) continue;
      const params = (op.parameters ?? []) as Parameter[];
      const rows = params
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td>${escape(p.schema?.type ?? "")}</td><td>${prose(p.description ?? "")}</td></tr>`,
        )
        .join("\n");
      const responses = Object.entries(op.responses ?? {})
        .map(
          ([status, r]) =>
            `<li><code>${escape(status)}</code> ${escape((r as { description?: string }).description ?? "")}</li>`,
        )
        .join("\n");
      const body = bodyExample(doc, op.requestBody);
      const data =
        body === undefined ? "" : ` -H "Content-Type: application/json" -d '${JSON.stringify(body)}'`;
      const curl = `curl -X ${method.toUpperCase()} -H "Authorization: Bearer $AFTERGLOW_API_KEY"${data} "${server}${path.replace(/\{(\w+)\}/g, "<$1>")}"`;
      sections.push(`<section id="${escape(op.operationId ?? "")}">
<h2><code>${method.toUpperCase()} ${escape(API_BASE_PATH + path)}</code> — ${escape(op.summary ?? "")}</h2>
${prose(op.description ?? "")}
${rows ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>` : ""}
<h3>Answers</h3>
<ul>${responses}</ul>
<h3>Example</h3>
<pre><code>${escape(curl)}</code></pre>
</section>`);
    }
  }
  const contents = sections.length
    ? Object.entries(doc.paths ?? {})
        .flatMap(([path, item]) =>
          (["get", "post", "patch", "delete"] as const)
            .filter((m) => item?.[m])
            .map(
              (m) =>
                `<li><a href="#${escape(item![m]!.operationId ?? "")}"><code>${m.toUpperCase()} ${escape(API_BASE_PATH + path)}</code></a></li>`,
            ),
        )
        .join("\n")
    : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(doc.info.title)} reference</title></head>
<body>
<header><h1>${escape(doc.info.title)} ${escape(doc.info.version)}</h1></header>
<main>
${prose(doc.info.description ?? "")}
<p>Machine-readable: <a href="${API_DOCUMENT_PATH}">OpenAPI 3.1 document</a>. Errors share one shape: <code>{ code, messageKey, message, values, fieldErrors, retryAfter? }</code>.</p>
<nav aria-label="Operations"><ul>${contents}</ul></nav>
${sections.join("\n")}
</main>
</body>
</html>`;
}
