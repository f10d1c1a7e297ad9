import { appUrl, env } from "@/lib/env";
import { basePolicy, storageOrigins } from "@/lib/public/csp";

/**
 * Security headers that depend on the running configuration (storage endpoint, form
 * service, analytics, https), so they are computed at start-up rather than baked into the
 * build: `proxy.ts` adds them to every page. Static ones live in next.config.ts.
 */
export function runtimeSecurityHeaders(): Record<string, string> {
  // The same defaults as lib/storage/s3-client.ts, without loading the S3 SDK into the proxy.
  const storage = {
    endpoint: env.S3_ENDPOINT ?? `http://127.0.0.1:${env.EMBEDDED_S3_PORT}`,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
  const https = new URL(appUrl).protocol === "https:";
  const headers: Record<string, string> = {
    "Content-Security-Policy": basePolicy({
      storageOrigins: storageOrigins(storage),
      formServiceOrigin: env.FORM_FORWARD_URL ? new URL(env.FORM_FORWARD_URL).origin : undefined,
      analytics: Boolean(env.ANALYTICS_TAG_ID),
      development: env.NODE_ENV === "development",
      https,
    }),
  };
  if (https && env.NODE_ENV === "production") {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  }
  return headers;
}
