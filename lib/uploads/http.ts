import { validationError } from "@/lib/errors";
import type { Membership } from "@/lib/tenancy/membership";
import { abortUpload } from "@/lib/uploads/abort-upload";
import { completeUpload } from "@/lib/uploads/complete-upload";
import { createUpload } from "@/lib/uploads/create-upload";
import { detailedErrorResponse } from "@/lib/uploads/errors";
import { getUploadStatus, signUploadParts } from "@/lib/uploads/get-upload";
import { completeUploadSchema, createUploadSchema, signPartsSchema } from "@/lib/uploads/schemas";
import type { z } from "zod";

/**
 * The upload API's handlers, behind the tenancy guard (`withMembership` in the route files,
 * which are one line each). Kept here, with the revalidation passed in, so integration tests
 * drive the real HTTP contract (status codes, JSON) with a membership of their choosing.
 */
export type MembershipHandler = (
  request: Request,
  context: {
    membership: Membership;
    params: Record<string, string> | Promise<Record<string, string>> | undefined;
  },
) => Promise<Response>;

export type Revalidate = (changed: { companyId: string; eventIds?: string[]; contentIds?: string[] }) => void;

const noStore = { "Cache-Control": "no-store" };

async function body<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const json: unknown = await request.json().catch(() => null);
  const parsed = schema.safeParse(json ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function uploadHandlers(revalidate: Revalidate) {
  const handle =
    (run: (request: Request, membership: Membership, id: string) => Promise<Response>): MembershipHandler =>
    async (request, { membership, params }) => {
      try {
        // Routes without a dynamic segment get no params at all.
        const { id = "" } = (await params) ?? {};
        return await run(request, membership, id);
      } catch (error) {
        return detailedErrorResponse(error, {
          companyId: membership.company.id,
          path: new URL(request.url).pathname,
        });
      }
    };

  return {
    /** POST /api/uploads */
    create: handle(async (request, membership) => {
      const input = await body(request, createUploadSchema);
      return Response.json(await createUpload(membership, input), {
        status: 201,
        headers: noStore,
      });
    }),
    /** GET /api/uploads/{id} */
    status: handle(async (_request, membership, id) =>
      Response.json(await getUploadStatus(membership, id), { headers: noStore }),
    ),
    /** POST /api/uploads/{id}/parts */
    parts: handle(async (request, membership, id) => {
      const { partNumbers } = await body(request, signPartsSchema);
      return Response.json(await signUploadParts(membership, id, partNumbers), {
        headers: noStore,
      });
    }),
    /** POST /api/uploads/{id}/complete */
    complete: handle(async (request, membership, id) => {
      const input = await body(request, completeUploadSchema);
      const { media, changed } = await completeUpload(membership, id, input);
      if (changed) revalidate(changed);
      return Response.json(media, { headers: noStore });
    }),
    /** DELETE /api/uploads/{id} */
    abort: handle(async (_request, membership, id) => {
      await abortUpload(membership, id);
      return new Response(null, { status: 204, headers: noStore });
    }),
  };
}
