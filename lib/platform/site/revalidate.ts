import { env } from "@/lib/core/env";
import { sharedSigning, sign, verify } from "@/lib/core/signing";
import type { PublicChange } from "@/lib/platform/site/cache-tags";

/**
 * Media finishes processing in a job, outside any request, where Next.js cannot revalidate
 * its cache; the job asks the app to do it through `POST /api/internal/revalidate`, signed by
 * the one signer (`revalidation` key, shared by every instance through the one secret).
 */

export const SIGNATURE_HEADER = "x-afterglow-signature";
const MAX_AGE_MS = 5 * 60_000;

export function signBody(body: string): string {
  return sign("revalidation", body).toString("hex");
}

/** Checks the signature and the age of a signed body; returns its payload or null. */
export function verifySignedBody(body: string, signature: string | null): unknown {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (!verify("revalidation", body, Buffer.from(signature, "hex"))) return null;
  try {
    const payload = JSON.parse(body) as { at?: unknown };
    if (typeof payload.at !== "number" || Math.abs(Date.now() - payload.at) > MAX_AGE_MS) return null;
    return payload;
  } catch {
    return null;
  }
}

/** Where the app listens, seen from the worker (same machine by default). */
export function internalAppUrl(): string {
  return env.INTERNAL_APP_URL ?? `http://127.0.0.1:${env.PORT}`;
}

/** Best effort: a failure only delays fresh public pages until their next revalidation. */
export async function requestRevalidation(
  change: PublicChange,
  baseUrl = internalAppUrl(),
): Promise<boolean> {
  // Without a shared secret the app could not check this process's signature.
  if (!sharedSigning()) return false;
  const body = JSON.stringify({ ...change, at: Date.now() });
  try {
    const res = await fetch(`${baseUrl}/api/internal/revalidate`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(body) },
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) console.warn(`[afterglow] the app refused to revalidate public pages (${res.status})`);
    return res.ok;
  } catch (error) {
    console.warn("[afterglow] could not ask the app to revalidate public pages", String(error));
    return false;
  }
}
