/**
 * The public API's OpenAPI 3.1 document (issue #38): valid by a real validator
 * (`@readme/openapi-parser`, the specification's JSON Schemas plus its semantic rules), served at
 * /api/v1/openapi.json, and the same set of operations as the route files under app/api/v1 — a
 * route without its documentation, or documentation without its route, fails here.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import * as documentRoute from "@/app/api/v1/openapi.json/route";
import * as referenceRoute from "@/app/api/v1/docs/route";
import { API_SCOPES } from "@/lib/features/api-keys/scopes";
import { API_OPERATIONS } from "@/lib/surfaces/public-api/operations";

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `GET /leads/{id}` for every method exported by a route file under app/api/v1 (besides the document's own two). */
async function routeOperations(): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(path.join(ROOT, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(`${dir}/${entry.name}`);
      else if (entry.name === "route.ts") {
        const mod = (await import(/* @vite-ignore */ path.join(ROOT, dir, entry.name))) as Record<
          string,
          unknown
        >;
        const template = dir.replace("app/api/v1", "").replace(/\[(\w+)\]/g, "{$1}");
        for (const method of METHODS) if (mod[method]) found.push(`${method} ${template}`);
      }
    }
  }
  await walk("app/api/v1");
  return found.filter((op) => !/^GET \/(openapi\.json|docs)$/.test(op)).sort();
}

async function servedDocument() {
  const response = documentRoute.GET();
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return (await response.json()) as {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        {
          operationId: string;
          description: string;
          responses: Record<string, unknown>;
          requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
        }
      >
    >;
    components: { schemas: Record<string, unknown> };
  };
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const document = await servedDocument();
    expect(document.openapi).toBe("3.1.0");
    // The validator dereferences in place: give it a copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    // The validator bites: the same document with a response left without its description fails.
    const broken = structuredClone(document);
    delete (broken.paths["/leads"]!.get!.responses["200"] as { description?: string }).description;
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it("documents exactly the operations the route files serve", async () => {
    const document = await servedDocument();
    const documented = Object.entries(document.paths)
      .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(documented).toEqual(await routeOperations());
    expect(API_OPERATIONS.map((o) => `${o.method} ${o.path}`).sort()).toEqual(documented);
  });

  it("names each operation's scope, its errors in the one shape, and the schemas it answers", async () => {
    const document = await servedDocument();
    for (const item of Object.values(document.paths)) {
      for (const op of Object.values(item)) {
        expect(
          API_SCOPES.some((s) => op.description.includes(`\`${s}\``)),
          op.operationId,
        ).toBe(true);
        for (const status of ["401", "403", "422", "429"])
          expect(op.responses[status], op.operationId).toBeDefined();
      }
    }
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        "Error",
        "Lead",
        "Event",
        "LeadPage",
        "EventPage",
        "Comment",
        "CommentPage",
        "CommentUpdate",
        "Content",
        "ContentPage",
        "AnalyticsSummary",
      ]),
    );
  });

  it("documents a write's JSON body, and only where a route reads one", async () => {
    const document = await servedDocument();
    const withBody = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.requestBody)
      .map((op) => op.operationId);
    expect(withBody).toEqual(API_OPERATIONS.filter((o) => o.body).map((o) => o.operationId));
    const patch = document.paths["/comments/{id}"]!.patch!;
    expect(patch.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/CommentUpdate" } } },
    });
    expect(patch.responses["413"]).toBeDefined();
    expect(document.components.schemas.CommentUpdate).toMatchObject({
      type: "object",
      properties: { hidden: { type: "boolean" } },
      required: ["hidden"],
      additionalProperties: false,
    });
  });

  it("has a readable reference page made from it", async () => {
    const response = referenceRoute.GET();
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    for (const op of API_OPERATIONS) {
      expect(html).toContain(`id="${op.operationId}"`);
      expect(html).toContain(`/api/v1${op.path}`);
    }
    expect(html).toContain('<html lang="en">');
    // A write's example sends its JSON body.
    expect(html).toContain(
      `-H &quot;Content-Type: application/json&quot; -d &#39;{&quot;hidden&quot;:true}&#39;`,
    );
  });
});
