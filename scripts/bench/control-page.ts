/**
 * The Lighthouse stage's control: the smallest Next.js app with one client component (a counter),
 * built with this project's Next.js and React and served by `next start`. Its score in the same
 * rounds says what this machine lets any Next.js page reach (issue #16: "an empty Next.js page
 * scores 97 in the same run"), so a public page's score can be read against it.
 *
 * It is written under `.bench/control` (git-ignored; inside the project so that it resolves the
 * project's node_modules) as `.jsx`, so Next.js adds no tsconfig of its own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../lib/free-port";

const FILES: Record<string, string> = {
  "next.config.mjs": "export default {};\n",
  "app/layout.jsx": `export const metadata = { title: "Control" };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  "app/page.jsx": `import { Counter } from "./counter";
export default function Page() {
  return (<main><h1>An empty Next.js page</h1><Counter /></main>);
}
`,
  "app/counter.jsx": `"use client";
import { useState } from "react";
export function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
`,
};

const nextBin = () => path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

/** Builds and starts the control page; resolves with its address and a stop function. */
export async function startControlPage(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = path.join(process.cwd(), ".bench", "control");
  await rm(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" as const };
  const build = spawn(process.execPath, [nextBin(), "build", dir], { env, stdio: "ignore" });
  if ((await exited(build)) !== 0) throw new Error("next build of the control page failed");

  const port = await freePort();
  const server = spawn(process.execPath, [nextBin(), "start", dir, "-p", String(port)], {
    env,
    stdio: "ignore",
  });
  const url = `http://localhost:${port}/`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await exited(server);
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("the control page did not start");
}
