import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Secrets of the embedded services and of the app, generated into the data folder on the first
 * start and read back on every later one, so nothing on a fresh machine runs with a value
 * printed in the source: each data folder has its own. They are the only copies: a backup of the
 * data folder must include them (a restored cluster opens only with its `postgres-password`).
 * Files are 0600, one value per file.
 */
export const LOCAL_SECRET_FILES = {
  /** Signs sessions (BETTER_AUTH_SECRET when that is unset). */
  authSecret: "auth-secret",
  /** The embedded PostgreSQL's superuser (`postgres`) password. */
  postgresPassword: "postgres-password",
  /** The embedded S3 store's only key pair. */
  s3AccessKeyId: "s3-access-key-id",
  s3SecretAccessKey: "s3-secret-access-key",
} as const;

/** Shorter than this is not one we generated (an empty or truncated file): make a new one. */
const MIN_LENGTH = 32;

/**
 * The secret kept in `file`, generated (32 random bytes, base64url: safe in a URL without
 * encoding) when the file is missing. A second process creating it at the same moment cannot
 * overwrite the first one's (`wx`): it reads that one instead.
 */
export async function localSecret(file: string): Promise<string> {
  const read = async () => (await readFile(file, "utf8").catch(() => "")).trim();
  const existing = await read();
  if (existing.length >= MIN_LENGTH) {
    await ownerOnly(file);
    return existing;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // A short file left by an interrupted write is replaced; a missing one is created exclusively.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: existing ? "w" : "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = await read();
    if (theirs.length >= MIN_LENGTH) return theirs;
    throw error;
  }
  // `mode` applies only to a file `writeFile` creates: a replaced one keeps its old mode.
  await ownerOnly(file);
  return secret;
}

/**
 * 0600 on every start, not only at creation: a secrets file copied or restored with looser
 * permissions (a backup tool, `cp` under another umask, a hand edit) is closed again.
 */
async function ownerOnly(file: string): Promise<void> {
  await chmod(file, 0o600);
}

export const authSecret = (dataDir: string) => localSecret(path.join(dataDir, LOCAL_SECRET_FILES.authSecret));

/** Beside the cluster folder (`<dataDir>/postgres`), which initdb wants empty. */
export const embeddedPostgresPassword = (dataDir: string) =>
  localSecret(path.join(dataDir, LOCAL_SECRET_FILES.postgresPassword));

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export async function embeddedS3Credentials(dataDir: string): Promise<S3Credentials> {
  const [accessKeyId, secretAccessKey] = await Promise.all([
    localSecret(path.join(dataDir, LOCAL_SECRET_FILES.s3AccessKeyId)),
    localSecret(path.join(dataDir, LOCAL_SECRET_FILES.s3SecretAccessKey)),
  ]);
  return { accessKeyId, secretAccessKey };
}
