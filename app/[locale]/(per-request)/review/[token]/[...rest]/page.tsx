// Every other path below the signed-in area is not found here, rendered per request under
// the area's nonce policy, never by a cached public route (see lib/surfaces/public-site/csp.ts).
export { default } from "@/app/[locale]/[...rest]/page";
