/**
 * A stand-in for `npm start` (scripts/start.ts) in tests/integration/supervisor-kill.test.ts:
 * embedded PostgreSQL through the same wrapper, and a cluster of web processes on a port in a
 * process group of their own, started with the same environment helper. Prints one JSON line
 * once both serve, then waits to be killed. Arguments: data folder, PostgreSQL port, web port.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { startEmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { supervisedNodeEnv } from "@/scripts/lib/supervision";

const [dataDir, pgPort, webPort] = process.argv.slice(2) as [string, string, string];

const postgres = await startEmbeddedPostgres({
  dataDir,
  port: Number(pgPort),
  persistent: true,
  password: "supervisor-test",
});
const server = spawn(process.execPath, [path.join(import.meta.dirname, "cluster-server.cjs")], {
  env: { ...process.env, PORT: webPort, ...supervisedNodeEnv([process.env.NODE_OPTIONS]) },
  detached: true, // as scripts/start.ts: a process group of its own, which `kill -9` of us never reaches
  stdio: ["ignore", "inherit", "inherit"],
});

const accepts = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port: Number(webPort), host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
while (!(await accepts())) await new Promise((resolve) => setTimeout(resolve, 100));
console.log(JSON.stringify({ serverPid: server.pid, postgresPid: postgres.pid }));
setInterval(() => undefined, 60_000); // until killed
