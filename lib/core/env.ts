import path from "node:path";
import { z } from "zod";

/**
 * The only reader of `process.env`. Every variable is optional where an embedded
 * default exists: `npm start` starts PostgreSQL, S3 storage and a mail outbox itself
 * and passes their addresses to the app through these same variables.
 */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.url().optional());

/** An optional secret with a known prefix: a wrong paste fails at start, not at the first payment. */
const optionalSecret = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().regex(pattern, message).optional());

const boolean = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1"));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Address the app listens on (`127.0.0.1`: this machine only; `0.0.0.0` or `::`: every
   * interface). Unset: loopback when APP_URL is a loopback address, every interface otherwise
   * (scripts/lib/demo-seed.ts `listenHost`).
   */
  HOST: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z.union([z.ipv4(), z.ipv6()], { error: "must be an IP address (127.0.0.1, 0.0.0.0, ::)" }).optional(),
    ),
  /**
   * Web processes `npm start` runs on the one port (server/cluster.cjs; its `workerCount`
   * applies the same rule). Unset: one per core this process may use (`os.availableParallelism()`).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Public base URL of the app (links in e-mails, canonical URLs). */
  APP_URL: optionalUrl,
  /** Folder for embedded services' data (PostgreSQL, S3, mail outbox). */
  DATA_DIR: z.string().default(".data"),

  /**
   * `npm start` seeds the demo tenants (public password) into an empty embedded database;
   * `1` also into an external DATABASE_URL, `0` never. Unset: embedded database only.
   */
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  /** External PostgreSQL; embedded PostgreSQL in DATA_DIR/postgres when unset. */
  DATABASE_URL: optionalUrl,
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),

  /** External S3-compatible endpoint; a local s3rver in DATA_DIR/s3 when unset. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().default("afterglow-media"),
  /**
   * The store's key pair. No default: `npm start` passes the embedded store's (generated into
   * DATA_DIR) to the app; an external store needs its own.
   */
  S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Path-style URLs (MinIO, s3rver); set false for virtual-hosted style (AWS). */
  S3_FORCE_PATH_STYLE: boolean(true),
  EMBEDDED_S3_PORT: z.coerce.number().int().min(1).max(65535).default(4569),

  /** SMTP relay, e.g. smtp://user:pass@host:587; e-mails go to DATA_DIR/mail as .eml when unset. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Afterglow <no-reply@afterglow.local>"),
  /** Who receives interest, newsletter and contact submissions. */
  OPERATOR_EMAIL: z.email().default("hello@afterglow.local"),

  /** Optional external form endpoint that interest, newsletter and contact submissions are also posted to. */
  FORM_FORWARD_URL: optionalUrl,
  /**
   * Comma-separated hosting-preview domains (`my-team.vercel.app`) whose names are all served as
   * the app itself, never as tenants. None by default: a shared hosting domain is anyone's.
   */
  PREVIEW_DOMAINS: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : v
            .split(",")
            .map((d) => d.trim().toLowerCase())
            .filter(Boolean),
    ),
  /** Analytics tag (e.g. a Google tag id `G-XXXX`); consent-mode updates are sent only when set. */
  ANALYTICS_TAG_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{1,3}-[A-Z0-9]{4,20}$/)
        .optional(),
    ),

  /** Secret for signing sessions; a fixed development value is used when unset outside production. */
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** Minutes without activity after which the server refuses a session (spec §9: 30). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /**
   * Reverse proxies in front of the app (IPs or CIDRs, comma-separated), so per-IP rate
   * limits see the client's address in a multi-hop X-Forwarded-For. Unset: the app is
   * reached directly and a single-value X-Forwarded-For (as Next sets it) is used.
   */
  AUTH_TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),

  /**
   * Set when a proxy or CDN in front of the app replaces X-Forwarded-For with the client's
   * address (its first entry is used for the fan-facing per-IP limits). With
   * AUTH_TRUSTED_PROXIES the chain is walked from the right instead; with neither, only the
   * single-value header Next.js sets from the socket counts.
   */
  TRUST_PROXY: boolean(false),
  /**
   * Redis (`redis://` or `rediss://`) for the app's rate-limit counters on every instance: for a
   * large deployment, so fans' counts leave the database. Unset: the database keeps them.
   */
  REDIS_URL: optionalUrl.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: "REDIS_URL must start with redis:// or rediss://",
  }),
  /** Fan actions per visitor per minute (public engagement API). */
  RATE_LIMIT_LIKE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_COMMENT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SHARE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_DOWNLOAD: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_VIEW: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_WATCH_TIME: z.coerce.number().int().min(1).default(20),
  /**
   * Fan actions without a valid visitor cookie, per IP per minute (all actions together). Fans
   * with a cookie count per visitor only, so a festival crowd behind one NAT address is not capped.
   */
  RATE_LIMIT_ANON_IP: z.coerce.number().int().min(1).default(30),
  /** New visitor ids the engagement API issues per address per minute (a crowd behind one NAT: 2,000 fans). */
  RATE_LIMIT_NEW_VISITORS_IP: z.coerce.number().int().min(1).default(3000),
  /** Marketing form submissions (interest, newsletter, contact) per IP per minute. */
  RATE_LIMIT_FORMS: z.coerce.number().int().min(1).default(20),
  /**
   * Public API (/api/v1) requests per client address per minute, counted before the key is looked
   * up, so a flood of made-up keys cannot reach the database unlimited. Each key has its own limit
   * besides (120 a minute); the default is ten keys' worth behind one address.
   */
  RATE_LIMIT_API_ADDRESS: z.coerce.number().int().min(1).default(1200),

  /**
   * Public address of the S3 endpoint as browsers reach it, when it differs from S3_ENDPOINT
   * (e.g. the app talks to storage on a private network). Presigned upload and download URLs use it.
   */
  S3_PUBLIC_ENDPOINT: optionalUrl,
  /**
   * Where media jobs (image variants, video posters, audio waveforms) run: `inline` starts the
   * pg-boss workers inside the Next.js server (one-machine default); `off` only enqueues, for
   * web instances when workers run as separate processes (`node --conditions=react-server --import tsx lib/surfaces/workers/run-worker.ts`).
   */
  MEDIA_WORKER: z.enum(["inline", "off"]).default("inline"),
  /** Parallel jobs per worker process for each queue. */
  MEDIA_IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  MEDIA_VIDEO_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  MEDIA_AUDIO_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * Memory (MB) each server process keeps for public still images (renditions, posters, logos,
   * banners) so a hot photo is answered without a round trip to the store
   * (lib/surfaces/public-site/rendition-cache.ts); 0 turns the cache off.
   */
  MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(96),
  /** ffmpeg / ffprobe executables for video posters and audio decoding; `off` disables them. */
  FFMPEG_PATH: z.string().default("ffmpeg"),
  FFPROBE_PATH: z.string().default("ffprobe"),
  /** Largest image accepted, in pixels (width × height): guards against decompression bombs. */
  MEDIA_MAX_IMAGE_PIXELS: z.coerce.number().int().min(1_000_000).default(80_000_000),
  /** Per-file limit for video and audio, in MB, by plan (Basic follows Starter, Premium Professional). */
  PLAN_STARTER_MEDIA_FILE_MB: z.coerce.number().int().min(1).default(200),
  PLAN_PROFESSIONAL_MEDIA_FILE_MB: z.coerce.number().int().min(1).default(2048),
  PLAN_ENTERPRISE_MEDIA_FILE_MB: z.coerce.number().int().min(1).default(10240),
  /** Files above this size (MB) upload in parallel parts of UPLOAD_PART_SIZE_MB (S3 minimum: 5). */
  UPLOAD_MULTIPART_THRESHOLD_MB: z.coerce.number().int().min(5).default(16),
  UPLOAD_PART_SIZE_MB: z.coerce.number().int().min(5).max(512).default(8),
  /**
   * Shared secret for internal calls (a media worker asking the app to revalidate public pages).
   * Falls back to BETTER_AUTH_SECRET, then to a fixed value outside production.
   */
  INTERNAL_SECRET: z.string().min(32).optional(),
  /** The app as a media worker reaches it (default: this machine, PORT). */
  INTERNAL_APP_URL: optionalUrl,
  /** Stripe secret (or restricted) key; billing says "not configured" while unset (trials still run). */
  STRIPE_SECRET_KEY: optionalSecret(/^(sk|rk)_[A-Za-z0-9_]+$/, "must start with sk_ or rk_"),
  /** Signing secret of the webhook endpoint (`whsec_…`, from the dashboard or `stripe listen`). */
  STRIPE_WEBHOOK_SECRET: optionalSecret(/^whsec_[A-Za-z0-9_+/=]+$/, "must start with whsec_"),
  /** Another Stripe API base (e.g. a local test server); Stripe's own API when unset. */
  STRIPE_API_BASE: optionalUrl,
  /**
   * Cloudflare as the DNS provider of tenant subdomains (API token with DNS edit on the zone of
   * the app's root domain). Unset: wildcard DNS is assumed and the app only checks resolution.
   */
  CLOUDFLARE_API_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,64}$/, "must be a Cloudflare zone id")
        .optional(),
    ),
  /** Cloudflare's API base (a local test server in tests). */
  CLOUDFLARE_API_URL: z.url().default("https://api.cloudflare.com/client/v4"),
  /**
   * Whether the subdomain records the app creates go through Cloudflare's proxy. Off by default:
   * a DNS-only CNAME is what the checks can see (a proxied one answers with Cloudflare's
   * addresses), and TLS comes from the app's own on-demand certificates.
   */
  CLOUDFLARE_PROXIED: boolean(false),
  /** The app's public IPv4, shown as the A record of an apex custom domain ("not configured" when unset). */
  APP_PUBLIC_IPV4: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.ipv4().optional()),
  /**
   * DNS servers for the domain checks (`host` or `host:port`, comma-separated); the system's
   * resolvers when unset. Tests point it at a local DNS server.
   */
  DNS_RESOLVERS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /**
   * Machine translation of organisers' texts (lib/translation; issue #15). The first configured
   * engine wins: DeepL (DEEPL_API_KEY; keys ending `:fx` use the free API host), then a
   * LibreTranslate server (LIBRETRANSLATE_URL, optional LIBRETRANSLATE_API_KEY), then Apertium
   * when installed (APERTIUM_PATH, `off` to disable), else none (texts are typed by hand).
   */
  DEEPL_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Another DeepL API base (a local test server in tests). */
  DEEPL_API_URL: optionalUrl,
  LIBRETRANSLATE_URL: optionalUrl,
  LIBRETRANSLATE_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  APERTIUM_PATH: z.string().default("apertium"),
  /**
   * Outgoing webhooks (issue #38, lib/features/webhooks): `http://` endpoint URLs are refused
   * unless this is set (development against a local receiver, tests). Never set it in
   * production: a signed body in clear text can be read and replayed on the way.
   */
  WEBHOOKS_ALLOW_HTTP: boolean(false),
  /** Set by Next.js itself (`phase-production-build` while building). */
  NEXT_PHASE: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

export const env: Env = load();

/**
 * NODE_ENV as the process was started with, with no default: `env.NODE_ENV` says "development"
 * when it is unset, which is right for logging and headers but not for what a production
 * process must never do by accident (the signer's fixed development secret, lib/core/signing.ts).
 */
export const declaredNodeEnv: string | undefined = process.env.NODE_ENV || undefined;

export const dataDir = path.resolve(env.DATA_DIR);
export const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;

/**
 * The settings `next build` renders into the static pages (`/`, `/auth`, the legal pages): the
 * public address in their canonical link and share tags, the analytics tag in the consent
 * manager's props. A build is fresh only for the values it was made with (scripts/lib/build.ts).
 */
export function staticPageSettings(): Record<string, string> {
  return { APP_URL: appUrl, ANALYTICS_TAG_ID: env.ANALYTICS_TAG_ID ?? "" };
}
