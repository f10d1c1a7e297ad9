/**
 * Counts the notifications on the routing channel (`lib/platform/tenancy/routing-events.ts`) as another
 * instance of the app would receive them: a separate connection LISTENing, so only committed
 * announcements arrive.
 */
import pg from "pg";

export interface RoutingListener {
  count(): number;
  close(): Promise<void>;
}

export async function listenForRouting(databaseUrl: string, channel: string): Promise<RoutingListener> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let received = 0;
  client.on("notification", (message) => {
    if (message.channel === channel) received++;
  });
  await client.query(`LISTEN ${channel}`);
  return { count: () => received, close: () => client.end() };
}
