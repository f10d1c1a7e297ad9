import { spawn } from "node:child_process";

/**
 * ffmpeg/ffprobe as optional helpers: every caller has a path for when they are missing or
 * fail (a placeholder poster, a duration read from the container), so media never fails
 * because a tool is absent.
 */

const checked = new Map<string, Promise<boolean>>();

/** Whether `command -version` runs (checked once per process and path). */
export function toolAvailable(command: string | null): Promise<boolean> {
  if (!command) return Promise.resolve(false);
  let hit = checked.get(command);
  if (!hit) {
    hit = new Promise((resolve) => {
      const child = spawn(command, ["-version"], { stdio: "ignore" });
      child.on("error", () => resolve(false));
      child.on("close", (code) => resolve(code === 0));
    });
    checked.set(command, hit);
  }
  return hit;
}

export interface RunOptions {
  timeoutMs: number;
  /** Receives stdout as it arrives; otherwise stdout is collected and returned. */
  onStdout?: (chunk: Buffer) => void;
  /** Stop collecting stdout past this many bytes (the process is killed). */
  maxStdoutBytes?: number;
}

/** Runs a command; rejects with the tail of stderr when it fails or times out. */
export function runTool(command: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let collected = 0;
    let stderr = "";
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(new Error(`${command} timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      if (options.onStdout) return options.onStdout(chunk);
      collected += chunk.length;
      if (options.maxStdoutBytes && collected > options.maxStdoutBytes) {
        child.kill("SIGKILL");
        finish(new Error(`${command} wrote more than ${options.maxStdoutBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on("error", (error) => finish(error));
    child.on("close", (code, signal) => {
      if (code === 0) finish(null);
      else finish(new Error(`${command} exited with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
}

/** A local file and the demuxer its verified type calls for (`withToolInput`). */
export interface ToolInput {
  path: string;
  format: string;
}

/**
 * The input options of every ffmpeg/ffprobe run: only the `file` protocol, the demuxer forced
 * (no probing of the bytes, so no playlist or concat demuxer can be picked) and a `file:` path.
 */
export function inputArgs(input: ToolInput): string[] {
  return ["-protocol_whitelist", "file", "-f", input.format, "-i", `file:${input.path}`];
}
