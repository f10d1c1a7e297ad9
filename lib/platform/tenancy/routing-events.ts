import "server-only";
import { db } from "@/lib/core/db";
import { ROUTING_CHANNEL } from "@/lib/platform/tenancy/routing-channel";

/**
 * Every instance keeps an in-memory routing table (custom domain → company, released slug →
 * current slug) for `proxy.ts` (`lib/platform/tenancy/routing-table.ts`). A change to either announces
 * itself on this PostgreSQL channel, and each instance's listener reloads its table.
 */
export { ROUTING_CHANNEL };

/** Something `$executeRaw` can run on: the client, or a transaction's client. */
type Executor = Pick<typeof db, "$executeRaw">;

/**
 * Tells every instance that host or slug routing changed. Inside a transaction the
 * notification is delivered on commit (PostgreSQL's NOTIFY semantics), never for a rollback.
 */
export async function announceRoutingChange(client: Executor = db): Promise<void> {
  await client.$executeRaw`SELECT pg_notify(${ROUTING_CHANNEL}, '')`;
}
