import { headers } from "next/headers";
import { NONCE_HEADER } from "@/lib/surfaces/public-site/csp";

/**
 * This request's script nonce, for the app's own inline scripts (theme scripts): set by the
 * proxy on dynamic pages only. Cached public pages are `force-static`, where `headers()` is
 * empty, so they render without one (and stay cacheable); their scripts are allowed by hash.
 */
export async function requestNonce(): Promise<string | undefined> {
  return (await headers()).get(NONCE_HEADER) ?? undefined;
}
