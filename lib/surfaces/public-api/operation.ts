import type { z } from "zod";
import type { ApiCaller } from "@/lib/features/api-keys/authenticate";
import type { ApiScope } from "@/lib/features/api-keys/scopes";

/**
 * One operation of /api/v1 (issue #38): its address, the scope it needs, the zod schemas of its
 * input and answer, and its work. The route files export `apiRoute(operation)`
 * (`route.ts`) and the OpenAPI document is made from the same list (`openapi.ts`): what a route
 * validates is what the document says.
 */
export interface ApiOperation<
  Q extends z.ZodObject = z.ZodObject,
  P extends z.ZodObject = z.ZodObject,
  R extends z.ZodType = z.ZodType,
  B extends z.ZodObject = z.ZodObject,
> {
  operationId: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Under /api/v1, OpenAPI's template form: `/leads/{id}`. */
  path: string;
  scope: ApiScope;
  tag: string;
  summary: string;
  description?: string;
  query?: Q;
  params?: P;
  /** The JSON body of a write (PATCH/POST); route.ts reads it within `API_BODY_MAX_BYTES`. */
  body?: B;
  /** The 200's body; none means the operation answers 204 No Content. */
  /** `status` 201 for an operation that creates a record (200 otherwise). */
  response?: { schema: R; description: string; status?: 200 | 201 };
  /** A 404 is one of its answers (it names a record). */
  notFound?: boolean;
  handle(input: {
    caller: ApiCaller;
    query: z.output<Q>;
    params: z.output<P>;
    body: z.output<B>;
  }): Promise<z.input<R> | void>;
}

/** Keeps each operation's generic types when it is written (a plain annotation would widen them). */
export function defineOperation<
  Q extends z.ZodObject,
  P extends z.ZodObject,
  R extends z.ZodType,
  B extends z.ZodObject = z.ZodObject,
>(operation: ApiOperation<Q, P, R, B>): ApiOperation<Q, P, R, B> {
  return operation;
}
