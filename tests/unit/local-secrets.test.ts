import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSecret } from "@/scripts/lib/local-secrets";

/**
 * Issue #34, low review finding: a secrets file that already existed kept whatever mode it had
 * (a restored backup at 0644 stayed readable by every local user). Each start makes it 0600.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ag-secrets-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe.skipIf(process.platform === "win32")("local secrets files", () => {
  it("are created 0600", async () => {
    const file = path.join(dir, "fresh");
    const secret = await localSecret(file);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await modeOf(file)).toBe(0o600);
  });

  it("are made 0600 again on a later start, the value kept", async () => {
    const file = path.join(dir, "restored");
    const secret = await localSecret(file);
    await chmod(file, 0o644);
    expect(await localSecret(file)).toBe(secret);
    expect(await modeOf(file)).toBe(0o600);
  });

  it("are 0600 when a short (interrupted) file with a loose mode is replaced", async () => {
    const file = path.join(dir, "short");
    await writeFile(file, "abc\n", { mode: 0o644 });
    const secret = await localSecret(file);
    expect((await readFile(file, "utf8")).trim()).toBe(secret);
    expect(await modeOf(file)).toBe(0o600);
  });
});
