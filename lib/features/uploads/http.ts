import { parseJsonBody } from "@/lib/core/http/request";
import { respond } from "@/lib/core/http/route";
import type { Membership } from "@/lib/platform/tenancy/membership";
import { abortUpload } from "@/lib/features/uploads/abort-upload";
import { completeUpload } from "@/lib/features/uploads/complete-upload";
import { createUpload } from "@/lib/features/uploads/create-upload";
import { getUploadStatus, signUploadParts } from "@/lib/features/uploads/get-upload";
import { completeUploadSchema, createUploadSchema, signPartsSchema } from "@/lib/features/uploads/schemas";

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

/** An upload's JSON is small; a complete of 10 000 parts with their ETags stays under 4 MB. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const body = <T extends Parameters<typeof parseJsonBody>[1]>(request: Request, schema: T) =>
  parseJsonBody(request, schema, {
    maxBytes: MAX_BODY_BYTES,
    messageKey: "validation.invalidForm",
    lenient: true,
  });

export function uploadHandlers(revalidate: Revalidate) {
  const handle =
    (run: (request: Request, membership: Membership, id: string) => Promise<Response>): MembershipHandler =>
    (request, { membership, params }) =>
      respond(
        request,
        async () => {
          // Routes without a dynamic segment get no params at all.
          const { id = "" } = (await params) ?? {};
          return run(request, membership, id);
        },
        () => ({ companyId: membership.company.id }),
      );

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
