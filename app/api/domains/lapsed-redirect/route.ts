import { lapsedDomainAnswer } from "@/lib/platform/tenancy/lapsed-domain";

export const dynamic = "force-dynamic";

// A lapsed custom domain's pages, rewritten here by proxy.ts: the 302 to the company's
// subdomain (lib/platform/tenancy/lapsed-domain.ts says why it is not the proxy's own answer).
// HEAD is answered by GET (Next.js).
export const GET = lapsedDomainAnswer;
