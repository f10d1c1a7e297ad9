import { notFound } from "next/navigation";

// Cached for everyone: no request data, no nonce (see lib/surfaces/public-site/csp.ts).
export const dynamic = "force-static";

// Any path no route claims (e.g. /a/b/c) renders the localized not-found page, status 404.
export default function UnknownPath(): never {
  notFound();
}
