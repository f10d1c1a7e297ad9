import "server-only";
import { revalidatePublic } from "@/lib/platform/site/cache-tags";
import { uploadHandlers } from "@/lib/features/uploads/http";

/** The upload API's handlers, bound to the app's page revalidation (shared by the route files). */
export const handlers = uploadHandlers(revalidatePublic);

/** Uploading is managing content (admin or manager). */
export const uploadGuard = { permission: "content.manage" } as const;
