import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

/**
 * Media finishes processing in a job, outside any request, where Next.js cannot revalidate
 * its cache; the job asks the app to do it through `POST /api/admin/revalidate`, signed with
 * a shared secret.
 */
export interface PublicChange {
  companyId: string;
  eventIds: string[];
  contentIds: string[];
}

export const SIGNATURE_HEADER = "x-afterglow-signature";
const MAX_AGE_MS = 5 * 60_000;

export function internalSecret(): string | null {
  return (
    env.INTERNAL_SECRET ??
    env.BETTER_AUTH_SECRET ??
    (env.NODE_ENV === "production" ? null : "afterglow-development-internal-secret")
  );
}

export function signBody(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** Checks the signature and the age of a signed body; returns its payload or null. */
export function verifySignedBody(body: string, signature: string | null, secret: string | null): unknown {
  if (!secret || !signature) return null;
  const expected = Buffer.from(signBody(body, secret), "hex");
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
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
  const secret = internalSecret();
  if (!secret) return false;
  const body = JSON.stringify({ ...change, at: Date.now() });
  try {
    const res = await fetch(`${baseUrl}/api/admin/revalidate`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(body, secret) },
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) console.warn(`[afterglow] the app refused to revalidate public pages (${res.status})`);
    return res.ok;
  } catch (error) {
    console.warn("[afterglow] could not ask the app to revalidate public pages", String(error));
    return false;
  }
}
