import { execFile, spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locale } from "@/lib/core/i18n/config";
import {
  inBatches,
  TRANSLATION_ERRORS,
  TranslationEngineError,
  type TranslationEngine,
} from "@/lib/features/translation/engines/engine";

/**
 * Apertium through its CLI (Debian's `apertium` with `apertium-es-pt`, `apertium-eng-spa`,
 * `apertium-fr-es`): the local default, so `npm start` translates with no account anywhere.
 * Spawned without a shell, the text in a private temporary file, `-f txt` (the plain-text deformatter escapes what
 * Apertium's stream format treats specially: `^ $ / \ [ ] < > @ *`, so hostile input comes
 * back as text) and `-u` (no `*` marks on unknown words).
 */

/** The names a language has in Apertium's mode names (`pt-es`, but `spa-eng`). */
const CODES: Record<Locale, readonly string[]> = {
  pt: ["pt", "por"],
  es: ["es", "spa"],
  fr: ["fr", "fra"],
  en: ["en", "eng"],
};
/** Where no direct pair exists, the route goes through Spanish (every installed pair has it). */
const PIVOT: Locale = "es";

function directMode(from: Locale, to: Locale, modes: ReadonlySet<string>): string | null {
  for (const a of CODES[from]) for (const b of CODES[to]) if (modes.has(`${a}-${b}`)) return `${a}-${b}`;
  return null;
}

/**
 * The modes to run one after the other for a pair: the direct mode where one is installed,
 * else through Spanish (pt→en = pt-es then spa-eng); null when there is no route.
 */
export function apertiumRoute(from: Locale, to: Locale, modes: ReadonlySet<string>): string[] | null {
  if (from === to) return [];
  const direct = directMode(from, to, modes);
  if (direct) return [direct];
  if (from === PIVOT || to === PIVOT) return null;
  const first = directMode(from, PIVOT, modes);
  const second = directMode(PIVOT, to, modes);
  return first && second ? [first, second] : null;
}

/** `apertium -l` prints one installed mode per line. */
export function parseModes(listing: string): Set<string> {
  return new Set(
    listing
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => /^[a-z_-]+$/i.test(line)),
  );
}

/**
 * Many texts go through one Apertium run (each run costs ~0.2 s of start-up): they are joined
 * with numbered marker paragraphs that Apertium passes through untouched, and split again.
 */
export function joinForApertium(texts: string[], nonce: number): string {
  return texts.map((text, i) => `${text}\n\n@@@${nonce + i}@@@\n\n`).join("");
}

/** The texts between the markers, or null when the markers did not come back as sent. */
export function splitApertiumOutput(output: string, count: number, nonce: number): string[] | null {
  const parts = output.split(/@@@(\d+)@@@/);
  // [text0, id0, text1, id1, …, textN-1, idN-1, trailing]
  if (parts.length !== count * 2 + 1) return null;
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    if (parts[i * 2 + 1] !== String(nonce + i)) return null;
    texts.push(parts[i * 2]!.trim());
  }
  return parts[count * 2]!.trim() === "" ? texts : null;
}

export interface ApertiumOptions {
  /** The executable (`APERTIUM_PATH`). */
  command: string;
  /** One run's time limit. */
  timeoutMs?: number;
}

const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

/**
 * Runs one mode over `input`; rejects on a non-zero exit, a timeout or an oversized answer.
 * The text goes through a private temporary file: the `apertium` script reads `/dev/stdin`
 * by path, which cannot be opened when stdin is Node's socket pair.
 */
async function runMode(command: string, mode: string, input: string, timeoutMs: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "afterglow-apertium-"));
  try {
    const file = path.join(dir, "input.txt");
    await writeFile(file, input, { encoding: "utf8", mode: 0o600 });
    return await runModeOnFile(command, mode, file, timeoutMs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runModeOnFile(command: string, mode: string, file: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // `apertium` is a shell script that starts a pipeline (destxt | lt-proc | …): killing the
    // script alone leaves the pipeline running and stdout open. Its own process group, killed
    // whole, stops all of it on a timeout or an oversized answer.
    const child = spawn(command, ["-u", "-f", "txt", mode, file], {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let settled = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killGroup();
      child.stdout.destroy();
      child.stderr.destroy();
      reject(new TranslationEngineError(TRANSLATION_ERRORS.failed, message));
    };
    const timer = setTimeout(() => fail(`apertium ${mode}: timed out after ${timeoutMs} ms`), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) fail(`apertium ${mode}: answer over ${MAX_OUTPUT_BYTES} bytes`);
      else out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new TranslationEngineError(TRANSLATION_ERRORS.unavailable, `apertium: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else
        reject(
          new TranslationEngineError(
            TRANSLATION_ERRORS.failed,
            `apertium ${mode} exited ${code ?? signal}: ${stderr.trim().slice(0, 300)}`,
          ),
        );
    });
  });
}

/** The installed modes, read once per process per executable (`apertium -l` is cheap). */
const detected = new Map<string, Promise<Set<string>>>();
export function installedModes(command: string): Promise<Set<string>> {
  let modes = detected.get(command);
  if (!modes) {
    modes = new Promise((resolve) => {
      execFile(command, ["-l"], { timeout: 5_000, encoding: "utf8" }, (error, stdout) =>
        resolve(error ? new Set() : parseModes(stdout)),
      );
    });
    detected.set(command, modes);
  }
  return modes;
}

export function apertiumEngine(options: ApertiumOptions, modes: ReadonlySet<string>): TranslationEngine {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const through = async (route: string[], input: string) => {
    let text = input;
    for (const mode of route) text = await runMode(options.command, mode, text, timeoutMs);
    return text;
  };
  return {
    name: "apertium",
    async translate(texts, from, to) {
      const route = apertiumRoute(from, to, modes);
      if (!route)
        throw new TranslationEngineError(
          TRANSLATION_ERRORS.unsupported,
          `apertium has no route ${from}→${to}`,
        );
      return inBatches(texts, { maxChars: 200_000, maxItems: 500 }, async (batch) => {
        const nonce = randomInt(100_000_000, 900_000_000);
        const joined = joinForApertium(batch, nonce);
        const split = splitApertiumOutput(await through(route, joined), batch.length, nonce);
        if (split) return split;
        // A text that disturbed the markers (it held one, say): one run per text instead.
        const one: string[] = [];
        for (const text of batch) one.push((await through(route, text)).trim());
        return one;
      });
    },
  };
}
