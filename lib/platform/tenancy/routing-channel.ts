/**
 * The PostgreSQL channel on which host and slug routing changes are announced. Its own
 * module, free of `server-only` and the Prisma client, because `proxy.ts` listens on it.
 */
export const ROUTING_CHANNEL = "afterglow_routing";
