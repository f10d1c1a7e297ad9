import { handleAuthRequest } from "@/lib/platform/auth/handler";

// GET|POST /api/auth/* — Better Auth (sign-up, sign-in, sign-out, confirmation, reset, session).
export const GET = handleAuthRequest;
export const POST = handleAuthRequest;
