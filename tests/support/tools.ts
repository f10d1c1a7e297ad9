import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/**
 * Which system tools (and ffmpeg encoders) this machine has, so a test that needs one it
 * lacks is reported as skipped with the reason — never as passed. CI installs them
 * (`.ci/run`) and sets `AFTERGLOW_REQUIRE_TOOLS=1`: there a test that would be skipped fails
 * its file instead, so a tool missing from CI's list can never turn tests into silent skips.
 */
function runs(command: string, args: string[]): string | null {
  const r = spawnSync(command, args, { encoding: "utf8", maxBuffer: 8 * 1024 * 1024 });
  return r.status === 0 ? r.stdout : null;
}

const ffmpegEncoders: ReadonlySet<string> = (() => {
  const listing = runs("ffmpeg", ["-hide_banner", "-encoders"]);
  if (!listing) return new Set<string>();
  // Lines look like " A....D libvorbis            libvorbis (codec vorbis)".
  return new Set(
    listing
      .split("\n")
      .map((line) => /^\s*[VAS][.A-Z]{5}\s+(\S+)/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name)),
  );
})();

export const hasFfmpeg = ffmpegEncoders.size > 0 && runs("ffprobe", ["-version"]) !== null;

/**
 * `null` when ffmpeg (and ffprobe) with every named encoder is installed, else the reason a
 * test needing them is skipped; the reason is printed once so a skip is never silent.
 */
export function missingFfmpeg(...encoders: string[]): string | null {
  if (!hasFfmpeg) return warnOnce("ffmpeg/ffprobe are not installed");
  const absent = encoders.filter((e) => !ffmpegEncoders.has(e));
  return absent.length ? warnOnce(`ffmpeg lacks the ${absent.join(", ")} encoder`) : null;
}

/** Whether a missing tool fails the run rather than skips its tests (CI: `.ci/run`). */
export const toolsRequired = () => process.env.AFTERGLOW_REQUIRE_TOOLS === "1";

const warned = new Set<string>();
function warnOnce(reason: string): string {
  if (toolsRequired()) {
    throw new Error(
      `${reason}: AFTERGLOW_REQUIRE_TOOLS=1 (CI) runs every test; install it (.ci/run lists them)`,
    );
  }
  if (!warned.has(reason)) {
    warned.add(reason);
    console.warn(`[tests] SKIPPING tests that need this: ${reason}`);
  }
  return reason;
}

/** A test title that says why it is skipped, when it is. */
export function titled(title: string, reason: string | null): string {
  return reason ? `${title} [skipped: ${reason}]` : title;
}

/**
 * The Apertium modes the translation tests use (Debian: apertium-es-pt, -eng-spa, -fr-es);
 * `.ci/run` checks the same six.
 */
export const APERTIUM_MODES = ["pt-es", "es-pt", "spa-eng", "eng-spa", "fr-es", "es-fr"];
const apertiumModes: ReadonlySet<string> = new Set(
  (runs("apertium", ["-l"]) ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean),
);

/** `null` when Apertium with every mode the tests use is installed, else why they are skipped. */
export function missingApertium(): string | null {
  if (apertiumModes.size === 0) return warnOnce("apertium is not installed");
  const absent = APERTIUM_MODES.filter((m) => !apertiumModes.has(m));
  return absent.length ? warnOnce(`apertium lacks the ${absent.join(", ")} modes`) : null;
}

/**
 * `null` when exiftool is installed (Debian: libimage-exiftool-perl), else why its tests are
 * skipped: the independent reader that checks a fan's file really lost its location.
 */
export function missingExiftool(): string | null {
  return runs("exiftool", ["-ver"]) === null ? warnOnce("exiftool is not installed") : null;
}

/** `null` when redis-server is installed (Debian: redis-server), else why its tests are skipped. */
export function missingRedis(): string | null {
  return runs("redis-server", ["--version"]) === null ? warnOnce("redis-server is not installed") : null;
}

/**
 * `null` when the npm package `name` resolves from the tests (a devDependency, so `npm install`
 * brings it), else why its tests are skipped: a partial install, `npm install --omit=dev`.
 */
export function missingPackage(name: string): string | null {
  try {
    createRequire(import.meta.url).resolve(name);
    return null;
  } catch {
    return warnOnce(`the npm package ${name} is not installed`);
  }
}
