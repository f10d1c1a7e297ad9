import "server-only";
import { getMediaContext } from "@/lib/media/server-context";
import { revalidatePublic } from "@/lib/public/cache-tags";
import { uploadHandlers } from "@/lib/uploads/http";

/** The upload API's handlers, bound to the app's context (shared by the route files). */
export const handlers = uploadHandlers(getMediaContext, revalidatePublic);

/** Uploading is managing content (admin or manager). */
export const uploadGuard = { permission: "content.manage" } as const;
