/**
 * Demo data: two tenants ("Demo Live" with users of every role, three events and content in
 * every status and kind; "Other Stage" for tenant-isolation tests), with real media files.
 *
 * Idempotent: companies, users and events are upserted by their unique keys, contents and
 * media by deterministic `seed-…` ids, and objects already in storage with the right size are
 * neither regenerated nor uploaded again. A media row that is `ready` and whose objects are all
 * present is left as it is, so a re-run costs a few queries.
 *
 * Crash safety: every object is uploaded before the single transaction that writes the rows
 * referencing it. A crash before the commit leaves at most unreferenced objects (reused by the
 * next run, as keys are deterministic); a crash never leaves rows pointing at missing objects,
 * nor one tenant seeded without the other (which `seedIfEmpty` could not repair).
 *
 * No top-level side effects: `scripts/db.ts seed`, `scripts/start.ts` and tests import it.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { PrismaClient } from "@/lib/core/db-client";
import type {
  ContentKind,
  ContentStatus,
  EventStatus,
  MediaKind,
  Prisma,
  Role,
} from "@/lib/generated/prisma/client";
import { audioPeaks, parseWav } from "@/lib/platform/media/audio";
import {
  parseStoredVariants,
  processImage,
  variantFileName,
  type ProcessImageOptions,
  type ProcessedImage,
  type StoredVariant,
} from "@/lib/platform/media/variants";
import type { ObjectStore } from "@/lib/core/storage/object-store";
import { SEED_TRANSLATIONS, writeSeedTranslations } from "./seed-translations";
import { synthesizeWav } from "@/scripts/lib/demo-audio";
import {
  createRng,
  generateLogo,
  generatePhoto,
  type LogoOptions,
  type PhotoTheme,
} from "@/scripts/lib/demo-media";
import { buildPdf, type PdfDocument } from "@/scripts/lib/demo-pdf";
import { demoVideo, mp4Info } from "@/scripts/lib/demo-video";

// ───────────────────────────── public constants (tests use them) ─────────────────────────────

export const DEMO_PASSWORD = "Demo!Pass2026";
export const DEMO_COMPANY_SLUG = "demo";
export const OTHER_COMPANY_SLUG = "other";
export const DEMO_USERS = {
  admin: "admin@demo.test",
  manager: "manager@demo.test",
  user: "user@demo.test",
} as const;
export const OTHER_ADMIN_EMAIL = "admin@other.test";
export const DEMO_EVENT_SLUGS = {
  festival: "festival-de-verao",
  acoustic: "noite-acustica",
  private: "sessao-privada",
} as const;
export const OTHER_EVENT_SLUG = "other-night";
/** Ids of notable seeded contents. */
export const SEED_CONTENT_IDS = {
  festivalPhotos: "seed-festival-palco-principal",
  festivalVideos: "seed-festival-aftermovie",
  festivalAudioOpening: "seed-festival-abertura",
  festivalAudioEncore: "seed-festival-encore",
  acousticSetlist: "seed-noite-acustica-alinhamento",
  acousticPhotoPack: "seed-noite-acustica-fotos",
  acousticArchived: "seed-noite-acustica-ensaio",
  privateDraft: "seed-sessao-privada-bastidores",
  pressKit: "seed-kit-imprensa",
  otherGated: "seed-other-night-fotos",
} as const;
/** Visitor ids of the sample engagement rows. */
export const SEED_VISITOR_PREFIX = "seed-visitor-";

export interface SeedOptions {
  prisma: PrismaClient;
  store: ObjectStore;
  log?: (message: string) => void;
}

// ───────────────────────────── data description ─────────────────────────────

type AssetSpec =
  | { type: "photo"; seed: number; theme: PhotoTheme }
  | { type: "video"; seed: number; theme: PhotoTheme }
  | { type: "audio"; seed: number; seconds: number }
  | { type: "pdf"; document: PdfDocument };

interface MediaSpec {
  /** Suffix of the media id: `<content id>-<suffix>`. */
  suffix: string;
  originalName: string;
  asset: AssetSpec;
}

interface ContentSpec {
  /** Starts with `seed-`: media ids (and storage keys) derive from it, and re-runs list that prefix. */
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  kind: ContentKind;
  status: ContentStatus;
  requiresLead: boolean;
  publishedAt: Date | null;
  /** Event slugs; the position inside an event follows the order of the contents list. */
  events: string[];
  media: MediaSpec[];
  /** Index in `media` of the cover. */
  cover: number;
}

interface EventSpec {
  slug: string;
  name: string;
  description: string;
  startsAt: Date;
  location: string;
  maxParticipants: number | null;
  priceMinor: number | null;
  status: EventStatus;
  isPublic: boolean;
  participantsCount: number;
}

interface UserSpec {
  email: string;
  name: string;
  role: Role;
}

/** Scalar columns only (the createMany input has no relations), valid for create and update. */
type CompanyFields = Omit<
  Prisma.CompanyCreateManyInput,
  "id" | "slug" | "logoKey" | "storageUsedBytes" | "createdAt" | "updatedAt"
>;

interface CompanySpec {
  /** Used when no company has this slug yet; deterministic so a crashed run's objects are reused. */
  defaultId: string;
  slug: string;
  fields: CompanyFields & { name: string };
  logo: LogoOptions;
  users: UserSpec[];
  events: EventSpec[];
  contents: ContentSpec[];
}

const photos = (prefix: string, theme: PhotoTheme, seeds: number[]): MediaSpec[] =>
  seeds.map((seed, i) => {
    const n = String(i + 1).padStart(2, "0");
    return { suffix: n, originalName: `${prefix}-${n}.jpg`, asset: { type: "photo", seed, theme } };
  });

const SETLIST: PdfDocument = {
  title: "Noite Acústica — Alinhamento",
  subtitle: "Teatro Sá da Bandeira, Porto · 10 de outubro de 2026 · 21h30",
  band: [0.35, 0.17, 0.07],
  lines: [
    { text: "Alinhamento", bold: true, size: 16 },
    { text: "1. Primeira Luz", gap: 4 },
    { text: "2. Casa de Pedra" },
    { text: "3. Maré Baixa" },
    { text: "4. Fado do Cais (versão acústica)" },
    { text: "5. Ruas de Setembro" },
    { text: "6. Cartas a Lisboa" },
    { text: "7. Canção Lenta" },
    { text: "8. Outono em Miragaia" },
    { text: "Encore", bold: true, size: 14, gap: 10 },
    { text: "9. Volta para Casa", gap: 4 },
    { text: "10. Até Amanhã" },
    { text: "Músicos", bold: true, size: 14, gap: 16 },
    { text: "Voz e guitarra — Inês Carvalho", gap: 4 },
    { text: "Contrabaixo — Tiago Moreira" },
    { text: "Violino — Sara Nunes" },
    { text: "Obrigado por terem vivido esta noite connosco, sem telemóveis.", gap: 20 },
    { text: "As fotografias oficiais estão na galeria da Demo Live." },
    { text: "© 2026 Demo Live · documento de demonstração", size: 9, gap: 30 },
  ],
};

const at = (iso: string) => new Date(iso);

const DEMO: CompanySpec = {
  defaultId: "seed-company-demo",
  slug: DEMO_COMPANY_SLUG,
  fields: {
    name: "Demo Live",
    plan: "starter",
    description:
      "A Demo Live é uma promotora de concertos independente, sediada no Porto, que organiza festivais de verão, noites acústicas e sessões intimistas em salas de todo o país. A nossa equipa filma e fotografa cada espetáculo para que o público viva o momento sem telemóveis — e receba depois as melhores fotografias, vídeos e gravações da noite.",
    landingPageName: "Demo Live — Galerias oficiais",
    landingPageDescription:
      "Reviva os nossos concertos: fotografias, vídeos e gravações oficiais de cada noite, prontos a partilhar.",
    landingPageDisplayMode: "events",
    promotionUrl: "https://demo-live.example/bilhetes",
    website: "https://demo-live.example",
    primaryEmail: "ola@demo-live.example",
    phone: "+351 220 000 123",
    whatsappUrl: "https://wa.me/351910000123",
    instagramUrl: "https://www.instagram.com/demolive.example",
    facebookUrl: "https://www.facebook.com/demolive.example",
    youtubeUrl: "https://www.youtube.com/@demolive.example",
    tiktokUrl: "https://www.tiktok.com/@demolive.example",
    address: "Rua de Santa Catarina, 100",
    city: "Porto",
    state: "Porto",
    zipCode: "4000-447",
    country: "Portugal",
    registrationNumber: "PT509000001",
    industry: "Música ao vivo e eventos",
    employeeCount: "r11_50",
    template: "classic",
    brandColor: "#ff5a36",
  },
  logo: { colors: ["#ffd166", "#ff2d75"], background: "#1a0b24", mark: "sunrise" },
  users: [
    { email: DEMO_USERS.admin, name: "Joana Ribeiro", role: "admin" },
    { email: DEMO_USERS.manager, name: "Miguel Santos", role: "manager" },
    { email: DEMO_USERS.user, name: "Rita Almeida", role: "user" },
  ],
  events: [
    {
      slug: DEMO_EVENT_SLUGS.festival,
      name: "Festival de Verão 2026",
      description:
        "Três palcos, vinte concertos e uma noite inteira sem telemóveis no Parque da Cidade. Reviva o palco principal, o aftermovie oficial e as gravações ao vivo.",
      startsAt: at("2026-07-18T19:00:00Z"), // 20:00 in Lisbon (summer time)
      location: "Parque da Cidade, Porto",
      maxParticipants: 5000,
      priceMinor: 4500,
      status: "published",
      isPublic: true,
      participantsCount: 3870,
    },
    {
      slug: DEMO_EVENT_SLUGS.acoustic,
      name: "Noite Acústica",
      description:
        "Um serão intimista de canções despidas, à luz das velas. O alinhamento, o cartaz e o pack de fotografias oficiais podem ser descarregados depois de deixar o seu contacto.",
      startsAt: at("2026-10-10T20:30:00Z"),
      location: "Teatro Sá da Bandeira, Porto",
      maxParticipants: 400,
      priceMinor: 1500,
      status: "published",
      isPublic: true,
      participantsCount: 362,
    },
    {
      slug: DEMO_EVENT_SLUGS.private,
      name: "Sessão Privada",
      description: "Gravação ao vivo para convidados no estúdio da Demo Live. Ainda em preparação.",
      startsAt: at("2027-02-14T21:00:00Z"),
      location: "Estúdio Demo Live, Porto",
      maxParticipants: 40,
      priceMinor: null,
      status: "draft",
      isPublic: false,
      participantsCount: 0,
    },
  ],
  contents: [
    {
      id: SEED_CONTENT_IDS.festivalPhotos,
      title: "Palco principal — Festival de Verão 2026",
      description: "As melhores fotografias do palco principal, do pôr do sol ao último encore.",
      category: "Fotografia",
      tags: ["festival", "palco principal", "verão"],
      kind: "photo_gallery",
      status: "published",
      requiresLead: false,
      publishedAt: at("2026-07-20T10:00:00Z"),
      events: [DEMO_EVENT_SLUGS.festival],
      media: photos(
        "palco-principal",
        "festival",
        [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112],
      ),
      cover: 2,
    },
    {
      id: SEED_CONTENT_IDS.festivalVideos,
      title: "Aftermovie oficial",
      description: "Os momentos da noite em dois minutos… ou quase: os primeiros excertos do aftermovie.",
      category: "Vídeo",
      tags: ["aftermovie", "festival"],
      kind: "video_gallery",
      status: "published",
      requiresLead: false,
      publishedAt: at("2026-07-22T18:00:00Z"),
      events: [DEMO_EVENT_SLUGS.festival],
      media: [
        {
          suffix: "01",
          originalName: "aftermovie-parte-1.mp4",
          asset: { type: "video", seed: 201, theme: "festival" },
        },
        {
          suffix: "02",
          originalName: "aftermovie-parte-2.mp4",
          asset: { type: "video", seed: 202, theme: "festival" },
        },
      ],
      cover: 0,
    },
    {
      id: SEED_CONTENT_IDS.festivalAudioOpening,
      title: "Abertura (ao vivo)",
      description: "O tema de abertura do palco principal, gravado ao vivo na mesa de som.",
      category: "Áudio",
      tags: ["ao vivo", "áudio", "festival"],
      kind: "single",
      status: "published",
      requiresLead: false,
      publishedAt: at("2026-07-21T09:00:00Z"),
      events: [DEMO_EVENT_SLUGS.festival],
      media: [
        {
          suffix: "audio",
          originalName: "abertura-ao-vivo.wav",
          asset: { type: "audio", seed: 301, seconds: 7 },
        },
        {
          suffix: "capa",
          originalName: "capa-abertura.jpg",
          asset: { type: "photo", seed: 113, theme: "festival" },
        },
      ],
      cover: 1,
    },
    {
      id: SEED_CONTENT_IDS.festivalAudioEncore,
      title: "Encore (ao vivo)",
      description: "O último tema da noite, com o público a cantar o refrão.",
      category: "Áudio",
      tags: ["ao vivo", "áudio", "encore"],
      kind: "single",
      status: "published",
      requiresLead: false,
      publishedAt: at("2026-07-21T09:05:00Z"),
      events: [DEMO_EVENT_SLUGS.festival],
      media: [
        {
          suffix: "audio",
          originalName: "encore-ao-vivo.wav",
          asset: { type: "audio", seed: 302, seconds: 6 },
        },
        {
          suffix: "capa",
          originalName: "capa-encore.jpg",
          asset: { type: "photo", seed: 114, theme: "festival" },
        },
      ],
      cover: 1,
    },
    {
      id: SEED_CONTENT_IDS.acousticSetlist,
      title: "Alinhamento e cartaz — Noite Acústica",
      description:
        "O alinhamento da noite em PDF, com o cartaz oficial. Descarregue-o deixando o seu contacto.",
      category: "Documentos",
      tags: ["alinhamento", "cartaz", "download"],
      kind: "single",
      status: "published",
      requiresLead: true,
      publishedAt: at("2026-10-11T10:00:00Z"),
      events: [DEMO_EVENT_SLUGS.acoustic],
      media: [
        {
          suffix: "pdf",
          originalName: "noite-acustica-alinhamento.pdf",
          asset: { type: "pdf", document: SETLIST },
        },
        {
          suffix: "cartaz",
          originalName: "cartaz-noite-acustica.jpg",
          asset: { type: "photo", seed: 401, theme: "acoustic" },
        },
      ],
      cover: 1,
    },
    {
      id: SEED_CONTENT_IDS.acousticPhotoPack,
      title: "Pack de fotografias — Noite Acústica",
      description:
        "Quatro fotografias oficiais em alta resolução, para descarregar depois de deixar o seu contacto.",
      category: "Fotografia",
      tags: ["acústico", "download", "fotografia"],
      kind: "photo_gallery",
      status: "published",
      requiresLead: true,
      publishedAt: at("2026-10-11T10:30:00Z"),
      events: [DEMO_EVENT_SLUGS.acoustic],
      media: photos("noite-acustica", "acoustic", [402, 403, 404, 405]),
      cover: 0,
    },
    {
      id: SEED_CONTENT_IDS.acousticArchived,
      title: "Ensaio geral (arquivo)",
      description: "Fotografia do ensaio geral, retirada da galeria pública.",
      category: "Fotografia",
      tags: ["ensaio", "arquivo"],
      kind: "single",
      status: "archived",
      requiresLead: false,
      publishedAt: at("2026-10-09T12:00:00Z"),
      events: [DEMO_EVENT_SLUGS.acoustic],
      media: photos("ensaio-geral", "acoustic", [406]),
      cover: 0,
    },
    {
      id: SEED_CONTENT_IDS.privateDraft,
      title: "Bastidores — Sessão Privada",
      description: "Primeiras fotografias dos bastidores, ainda por selecionar.",
      category: "Fotografia",
      tags: ["bastidores", "rascunho"],
      kind: "photo_gallery",
      status: "draft",
      requiresLead: false,
      publishedAt: null,
      events: [DEMO_EVENT_SLUGS.private],
      media: photos("bastidores", "backstage", [501, 502, 503]),
      cover: 0,
    },
    {
      id: SEED_CONTENT_IDS.pressKit,
      title: "Kit de imprensa 2026",
      description: "Fotografia oficial para imprensa e parceiros. Utilização livre com crédito «Demo Live».",
      category: "Imprensa",
      tags: ["imprensa", "recursos"],
      kind: "single",
      status: "published",
      requiresLead: false,
      publishedAt: at("2026-06-01T09:00:00Z"),
      events: [],
      // Same picture as a festival photo: its bytes and variants are generated once.
      media: photos("kit-imprensa", "festival", [105]),
      cover: 0,
    },
  ],
};

const OTHER: CompanySpec = {
  defaultId: "seed-company-other",
  slug: OTHER_COMPANY_SLUG,
  fields: {
    name: "Other Stage",
    plan: "professional",
    description:
      "A Other Stage é um clube de música eletrónica em Lisboa, com noites de DJ e atuações ao vivo todas as semanas.",
    landingPageName: "Other Stage",
    landingPageDescription: "As noites da Other Stage, em fotografias.",
    landingPageDisplayMode: "galleries",
    website: "https://other-stage.example",
    primaryEmail: "info@other-stage.example",
    instagramUrl: "https://www.instagram.com/otherstage.example",
    whatsappUrl: "https://wa.me/351910000456",
    city: "Lisboa",
    country: "Portugal",
    industry: "Clube e eventos",
    employeeCount: "r1_10",
    template: "classic",
    brandColor: "#7b2bff",
  },
  logo: { colors: ["#2bf0ff", "#7b2bff"], background: "#0a0318", mark: "spotlight" },
  users: [{ email: OTHER_ADMIN_EMAIL, name: "Alex Moreau", role: "admin" }],
  events: [
    {
      slug: OTHER_EVENT_SLUG,
      name: "Other Night",
      description: "Uma noite longa de techno e luzes no armazém da Other Stage.",
      startsAt: at("2026-11-07T23:00:00Z"),
      location: "Armazém 7, Lisboa",
      maxParticipants: 800,
      priceMinor: 2000,
      status: "published",
      isPublic: true,
      participantsCount: 655,
    },
  ],
  contents: [
    {
      id: SEED_CONTENT_IDS.otherGated,
      title: "Other Night — fotografias",
      description: "As fotografias da noite, para descarregar depois de deixar o seu contacto.",
      category: "Fotografia",
      tags: ["club", "download"],
      kind: "photo_gallery",
      status: "published",
      requiresLead: true,
      publishedAt: at("2026-11-09T12:00:00Z"),
      events: [OTHER_EVENT_SLUG],
      media: photos("other-night", "club", [601, 602, 603]),
      cover: 0,
    },
  ],
};

const COMPANIES: readonly CompanySpec[] = [DEMO, OTHER];

/** Fastest encoder settings: a few % larger files, seconds saved on every fresh seed. */
const SEED_IMAGE_OPTIONS: ProcessImageOptions = { effort: { webp: 2, avif: 0 } };

// ───────────────────────────── small helpers ─────────────────────────────

/** Runs at most `concurrency` tasks at a time; a finished task hands its slot to the next waiter. */
function limiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  const acquire = (): Promise<void> => {
    if (active < concurrency) {
      active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async (task) => {
    await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** Memoises async work by key, so a shared asset is generated once even when asked for concurrently. */
function memo<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (key, make) => {
    let hit = cache.get(key);
    if (!hit) {
      hit = make();
      cache.set(key, hit);
    }
    return hit;
  };
}

async function listObjects(store: ObjectStore, prefix: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let token: string | undefined;
  do {
    const page = await store.client.send(
      new ListObjectsV2Command({ Bucket: store.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) found.set(object.Key, object.Size ?? -1);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

const DAY_MS = 24 * 3600 * 1000;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

// ───────────────────────────── media preparation ─────────────────────────────

interface StoredObject {
  key: string;
  body: Buffer;
  contentType: string;
}

type MediaRow = Omit<Prisma.MediaFileUncheckedCreateInput, "createdAt" | "updatedAt">;

/** A media row to write, with the objects to store before it. */
interface BuiltMedia {
  row: MediaRow;
  objects: StoredObject[];
}

interface GeneratedPhoto {
  original: Buffer;
  image: ProcessedImage;
}

interface GeneratedVideo {
  mp4: Buffer;
  poster: Buffer;
  posterImage: ProcessedImage;
  info: { durationMs: number; width: number; height: number };
}

/** Generates each distinct asset once per run; CPU-bound steps share one limiter. */
class AssetFactory {
  private readonly photos = memo<GeneratedPhoto>();
  private readonly videos = memo<GeneratedVideo>();
  private readonly buffers = memo<Buffer>();
  private fixtureNoted = false;

  private readonly cpu: <T>(task: () => Promise<T>) => Promise<T>;

  constructor(
    cpu: <T>(task: () => Promise<T>) => Promise<T>,
    signal: AbortSignal,
    private readonly log: (message: string) => void,
  ) {
    // A job that waited for a slot checks it is still wanted before using the CPU.
    this.cpu = (task) =>
      cpu(() => {
        signal.throwIfAborted();
        return task();
      });
  }

  photo(seed: number, theme: PhotoTheme): Promise<GeneratedPhoto> {
    return this.photos(`${theme}:${seed}`, () =>
      this.cpu(async () => {
        const original = await generatePhoto({ seed, theme });
        return { original, image: await processImage(original, SEED_IMAGE_OPTIONS) };
      }),
    );
  }

  video(seed: number, theme: PhotoTheme): Promise<GeneratedVideo> {
    return this.videos(`${theme}:${seed}`, () =>
      this.cpu(async () => {
        const video = await demoVideo(
          {
            still: () => generatePhoto({ seed, theme, width: 1280, height: 720 }),
            audio: () => synthesizeWav({ seed, seconds: 3, sampleRate: 44100 }),
            seconds: 3,
          },
          this.log,
        );
        if (video.source === "fixture" && !this.fixtureNoted) {
          this.fixtureNoted = true;
          this.log("seed: ffmpeg (with libx264) not found, using the bundled demo clip");
        }
        return {
          mp4: video.mp4,
          poster: video.poster,
          posterImage: await processImage(video.poster, SEED_IMAGE_OPTIONS),
          info: mp4Info(video.mp4),
        };
      }),
    );
  }

  audio(seed: number, durationSeconds: number): Promise<Buffer> {
    return this.buffers(`audio:${seed}:${durationSeconds}`, () =>
      this.cpu(async () => synthesizeWav({ seed, seconds: durationSeconds })),
    );
  }

  logo(options: LogoOptions): Promise<Buffer> {
    return this.buffers(`logo:${JSON.stringify(options)}`, () => this.cpu(() => generateLogo(options)));
  }
}

function imageVariants(
  base: string,
  image: ProcessedImage,
): { stored: StoredVariant[]; objects: StoredObject[] } {
  const stored: StoredVariant[] = [];
  const objects: StoredObject[] = [];
  for (const v of image.variants) {
    const key = `${base}/${variantFileName(v)}`;
    stored.push({ width: v.width, format: v.format, key, bytes: v.bytes.length });
    objects.push({ key, body: v.bytes, contentType: `image/${v.format}` });
  }
  return { stored, objects };
}

/** Every object key a media row references, with the byte size it must have. */
function referencedObjects(row: {
  storageKey: string;
  sizeBytes: bigint | number;
  variants: unknown;
}): Array<[string, number]> | null {
  const variants = row.variants === null ? [] : parseStoredVariants(row.variants);
  if (!variants) return null;
  return [
    [row.storageKey, Number(row.sizeBytes)],
    ...variants.map((v): [string, number] => [v.key, v.bytes]),
  ];
}

async function buildMedia(
  assets: AssetFactory,
  companyId: string,
  contentId: string,
  spec: MediaSpec,
  position: number,
): Promise<BuiltMedia> {
  const id = `${contentId}-${spec.suffix}`;
  const base = `companies/${companyId}/media/${id}`;
  const common = {
    id,
    companyId,
    contentId,
    originalName: spec.originalName,
    position,
    state: "ready" as const,
  };
  const asset = spec.asset;

  switch (asset.type) {
    case "photo": {
      const { original, image } = await assets.photo(asset.seed, asset.theme);
      const storageKey = `${base}/original.jpg`;
      const { stored, objects } = imageVariants(base, image);
      return {
        row: {
          ...common,
          kind: "photo" satisfies MediaKind,
          storageKey,
          mimeType: "image/jpeg",
          sizeBytes: BigInt(original.length),
          width: image.width,
          height: image.height,
          blurDataUrl: image.blurDataUrl,
          variants: stored,
        },
        objects: [{ key: storageKey, body: original, contentType: "image/jpeg" }, ...objects],
      };
    }
    case "video": {
      const video = await assets.video(asset.seed, asset.theme);
      const storageKey = `${base}/original.mp4`;
      const posterKey = `${base}/poster.jpg`;
      const { stored, objects } = imageVariants(base, video.posterImage);
      // The poster JPEG is listed among the variants so its bytes count in the storage total.
      stored.push({
        width: video.posterImage.width,
        format: "jpeg",
        key: posterKey,
        bytes: video.poster.length,
      });
      return {
        row: {
          ...common,
          kind: "video" satisfies MediaKind,
          storageKey,
          mimeType: "video/mp4",
          sizeBytes: BigInt(video.mp4.length),
          width: video.info.width,
          height: video.info.height,
          durationMs: video.info.durationMs,
          blurDataUrl: video.posterImage.blurDataUrl,
          posterKey,
          variants: stored,
        },
        objects: [
          { key: storageKey, body: video.mp4, contentType: "video/mp4" },
          { key: posterKey, body: video.poster, contentType: "image/jpeg" },
          ...objects,
        ],
      };
    }
    case "audio": {
      const wav = await assets.audio(asset.seed, asset.seconds);
      const storageKey = `${base}/original.wav`;
      return {
        row: {
          ...common,
          kind: "audio" satisfies MediaKind,
          storageKey,
          mimeType: "audio/wav",
          sizeBytes: BigInt(wav.length),
          durationMs: parseWav(wav).durationMs,
          waveform: audioPeaks(wav, 100),
        },
        objects: [{ key: storageKey, body: wav, contentType: "audio/wav" }],
      };
    }
    case "pdf": {
      const pdf = buildPdf(asset.document);
      const storageKey = `${base}/original.pdf`;
      return {
        row: {
          ...common,
          kind: "document" satisfies MediaKind,
          storageKey,
          mimeType: "application/pdf",
          sizeBytes: BigInt(pdf.length),
        },
        objects: [{ key: storageKey, body: pdf, contentType: "application/pdf" }],
      };
    }
  }
}

// ───────────────────────────── per-company preparation ─────────────────────────────

interface PreparedUser extends UserSpec {
  /** New hash to store, or null when the stored one already matches DEMO_PASSWORD. */
  passwordHash: string | null;
}

interface BuildItem {
  contentId: string;
  spec: MediaSpec;
  position: number;
}

/** What a company needs, found by reading the database and the storage listing. */
interface CompanyPlan {
  spec: CompanySpec;
  id: string;
  logoKey: string;
  /** Keys already stored, with their sizes. */
  stored: Map<string, number>;
  users: PreparedUser[];
  /** Media rows that are ready with all their objects stored: left untouched. */
  kept: string[];
  toBuild: BuildItem[];
}

interface PreparedCompany {
  plan: CompanyPlan;
  built: BuiltMedia[];
}

async function prepareUsers(prisma: PrismaClient, users: readonly UserSpec[]): Promise<PreparedUser[]> {
  const accounts = await prisma.account.findMany({
    where: { providerId: "credential", user: { email: { in: users.map((u) => u.email) } } },
    select: { password: true, user: { select: { email: true } } },
  });
  const stored = new Map(accounts.map((a) => [a.user.email, a.password]));
  // scrypt runs on libuv's thread pool: hashing in parallel keeps this to one hash's time.
  return Promise.all(
    users.map(async (user): Promise<PreparedUser> => {
      const hash = stored.get(user.email);
      const valid = hash ? await verifyPassword({ hash, password: DEMO_PASSWORD }).catch(() => false) : false;
      return { ...user, passwordHash: valid ? null : await hashPassword(DEMO_PASSWORD) };
    }),
  );
}

async function planCompany(
  spec: CompanySpec,
  prisma: PrismaClient,
  store: ObjectStore,
): Promise<CompanyPlan> {
  const existing = await prisma.company.findUnique({ where: { slug: spec.slug }, select: { id: true } });
  const id = existing?.id ?? spec.defaultId;

  // Event slugs are global: refuse to take over another tenant's event.
  const slugs = spec.events.map((e) => e.slug);
  const clash = await prisma.event.findFirst({ where: { slug: { in: slugs }, companyId: { not: id } } });
  if (clash)
    throw new Error(`Event slug "${clash.slug}" belongs to another company; the seed will not move it.`);

  const mediaIds = spec.contents.flatMap((c) => c.media.map((m) => `${c.id}-${m.suffix}`));
  const logoKey = `companies/${id}/branding/logo.png`;
  // Only the seed's own prefixes: a tenant with many uploads of its own is not listed in full.
  const [seedMedia, branding, users, rows] = await Promise.all([
    listObjects(store, `companies/${id}/media/seed-`),
    listObjects(store, logoKey),
    prepareUsers(prisma, spec.users),
    prisma.mediaFile.findMany({ where: { id: { in: mediaIds } } }),
  ]);
  const stored = new Map([...seedMedia, ...branding]);
  const rowsById = new Map(rows.map((r) => [r.id, r]));

  const kept: string[] = [];
  const toBuild: BuildItem[] = [];
  for (const content of spec.contents) {
    content.media.forEach((m, position) => {
      const mediaId = `${content.id}-${m.suffix}`;
      const old = rowsById.get(mediaId);
      const intact =
        (old && referencedObjects(old)?.every(([key, size]) => stored.get(key) === size)) ?? false;
      if (old && intact && old.state === "ready" && old.companyId === id && old.contentId === content.id) {
        kept.push(mediaId);
      } else {
        toBuild.push({ contentId: content.id, spec: m, position });
      }
    });
  }
  return { spec, id, logoKey, stored, users, kept, toBuild };
}

/**
 * Generates and uploads whatever the plans lack. All companies share one queue, longest jobs
 * first (an ffmpeg render takes ~2 s, a photo ~0.5 s), so no long job is left for the end.
 */
async function buildAll(
  plans: readonly CompanyPlan[],
  store: ObjectStore,
  log: (m: string) => void,
): Promise<PreparedCompany[]> {
  // sharp runs one thread per image here; one job more than cores covers the single-threaded stretches.
  const cpu = limiter(os.availableParallelism() + 1);
  const upload = limiter(8);
  // After the first failure, queued jobs give up instead of generating for nothing.
  const abort = new AbortController();
  const assets = new AssetFactory(cpu, abort.signal, log);
  const put = (plan: CompanyPlan, o: StoredObject) =>
    upload(async () => {
      abort.signal.throwIfAborted();
      if (plan.stored.get(o.key) !== o.body.length) await store.put(o.key, o.body, o.contentType);
    });
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      abort.signal.throwIfAborted();
      return await work();
    } catch (error) {
      if (!abort.signal.aborted) abort.abort(error);
      throw error;
    }
  };

  const cost = { video: 0, audio: 1, pdf: 2, photo: 3 } as const;
  const jobs = plans
    .flatMap((plan) => plan.toBuild.map((item) => ({ plan, item })))
    .sort((a, b) => cost[a.item.spec.asset.type] - cost[b.item.spec.asset.type]);

  const logos = plans
    .filter((plan) => !plan.stored.has(plan.logoKey))
    .map((plan) =>
      guarded(async () =>
        put(plan, { key: plan.logoKey, body: await assets.logo(plan.spec.logo), contentType: "image/png" }),
      ),
    );
  const built = jobs.map(({ plan, item }) =>
    guarded(async () => {
      const media = await buildMedia(assets, plan.id, item.contentId, item.spec, item.position);
      // Upload as soon as this item is ready, while others are still being generated.
      await Promise.all(media.objects.map((o) => put(plan, o)));
      return { plan, media };
    }),
  );
  // Settle everything before reporting a failure: seed() must not return while it still writes.
  const [, results] = await Promise.all([Promise.allSettled(logos), Promise.allSettled(built)]);
  if (abort.signal.aborted) throw abort.signal.reason;
  const done = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  return plans.map((plan) => ({ plan, built: done.filter((b) => b.plan === plan).map((b) => b.media) }));
}

// ───────────────────────────── database writes ─────────────────────────────

type Tx = Prisma.TransactionClient;

async function writeUsers(
  tx: Tx,
  companyId: string,
  companyName: string,
  users: readonly PreparedUser[],
): Promise<void> {
  for (const u of users) {
    const user = await tx.user.upsert({
      where: { email: u.email },
      // Better Auth accepts any unique string id; it generates random ones itself.
      create: { id: randomUUID(), name: u.name, email: u.email, emailVerified: true },
      update: { name: u.name, emailVerified: true },
    });
    const account = await tx.account.findFirst({ where: { userId: user.id, providerId: "credential" } });
    if (!account) {
      const password = u.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
      await tx.account.create({
        data: { id: randomUUID(), accountId: user.id, providerId: "credential", userId: user.id, password },
      });
    } else if (u.passwordHash) {
      await tx.account.update({ where: { id: account.id }, data: { password: u.passwordHash } });
    }
    await tx.profile.upsert({
      where: { userId: user.id },
      create: { userId: user.id, displayName: u.name, companyId, companyName, role: u.role, locale: "pt" },
      update: { displayName: u.name, companyId, companyName, role: u.role },
    });
  }
}

/** A few days of fan activity on published contents, written once (ids or visitor ids mark them). */
async function writeEngagement(
  tx: Tx,
  companyId: string,
  spec: CompanySpec,
  eventIds: Map<string, string>,
  rngSeed: number,
): Promise<void> {
  const rng = createRng(rngSeed);
  const now = Date.now();
  const visitor = (n: number) => `${SEED_VISITOR_PREFIX}${companyId}-${n}`;
  const live = spec.contents.filter((c) => c.status === "published");
  const already = await tx.engagementEvent.count({
    where: { companyId, visitorId: { startsWith: SEED_VISITOR_PREFIX } },
  });

  const events: Prisma.EngagementEventCreateManyInput[] = [];
  const likes: Prisma.ContentLikeCreateManyInput[] = [];
  for (const content of live) {
    const eventId = content.events[0] ? eventIds.get(content.events[0]) : undefined;
    // Spread over the 28 days before the seed ran (not before publication), so dashboards
    // and "last 30 days" analytics of a fresh demo have something to show.
    const published = content.publishedAt?.getTime() ?? now;
    const from = Math.min(Math.max(published, now - 28 * DAY_MS), now);
    const when = () => new Date(from + Math.floor(rng() * (now - from)));
    const views = 12 + Math.floor(rng() * 40);
    for (let v = 0; v < views; v++) {
      const visitorId = visitor(Math.floor(rng() * 60));
      events.push({ companyId, contentId: content.id, eventId, type: "view", visitorId, createdAt: when() });
      if (content.kind === "video_gallery" && rng() < 0.6) {
        events.push({
          companyId,
          contentId: content.id,
          eventId,
          type: "watch_time",
          value: 1 + Math.floor(rng() * 6),
          visitorId,
          createdAt: when(),
        });
      }
      if (rng() < 0.1) {
        events.push({
          companyId,
          contentId: content.id,
          eventId,
          type: "share",
          channel: rng() < 0.6 ? "whatsapp" : "copy-link",
          visitorId,
          createdAt: when(),
        });
      }
      if (!content.requiresLead && content.kind !== "video_gallery" && rng() < 0.12) {
        events.push({
          companyId,
          contentId: content.id,
          eventId,
          type: "download",
          visitorId,
          createdAt: when(),
        });
      }
    }
    const likers = new Set<number>();
    const likeCount = 2 + Math.floor(rng() * 9);
    while (likers.size < likeCount) likers.add(Math.floor(rng() * 60));
    for (const n of likers) {
      const createdAt = when();
      likes.push({ contentId: content.id, companyId, visitorId: visitor(n), createdAt });
      events.push({
        companyId,
        contentId: content.id,
        eventId,
        type: "like",
        visitorId: visitor(n),
        createdAt,
      });
    }
  }
  // Likes have a natural key; engagement rows have none, so they are only added on the first run.
  await tx.contentLike.createMany({ data: likes, skipDuplicates: true });
  // The like statement keeps content_like_count equal to the likes; the seed writes likes itself.
  const liked = [...new Set(likes.map((like) => like.contentId))];
  await tx.contentLikeCount.deleteMany({ where: { contentId: { in: liked } } });
  await tx.$executeRaw`
    INSERT INTO "content_like_count" ("contentId", "shard", "likes")
    SELECT "contentId", 0, count(*)::int FROM "content_like" WHERE "contentId" = ANY(${liked}) GROUP BY 1`;
  if (already === 0) await tx.engagementEvent.createMany({ data: events });

  const gated = live.filter((c) => c.requiresLead);
  const people = [
    { name: "Beatriz Costa", email: "beatriz.costa@example.com", phone: "+351 912 345 678", locale: "pt" },
    { name: "Daniel Ferreira", email: "daniel.ferreira@example.com", phone: null, locale: "pt" },
    { name: "Emma Laurent", email: "emma.laurent@example.fr", phone: null, locale: "fr" },
  ];
  const leads: Prisma.LeadCreateManyInput[] = gated.flatMap((content, ci) =>
    people.slice(0, Math.max(1, people.length - ci)).map((p, pi) => {
      const createdAt = new Date((content.publishedAt?.getTime() ?? 0) + (pi + 1) * 3_600_000 * 7);
      return {
        id: `seed-lead-${content.id}-${pi + 1}`,
        companyId,
        contentId: content.id,
        eventId: content.events[0] ? eventIds.get(content.events[0]) : undefined,
        name: p.name,
        email: p.email,
        phone: p.phone,
        consent: true,
        consentAt: createdAt,
        visitorId: visitor(100 + pi),
        locale: p.locale,
        createdAt,
      };
    }),
  );
  await tx.lead.createMany({ data: leads, skipDuplicates: true });
  if (already === 0) {
    await tx.engagementEvent.createMany({
      data: leads.flatMap((l) => [
        {
          companyId,
          contentId: l.contentId,
          eventId: l.eventId,
          type: "lead" as const,
          visitorId: l.visitorId ?? visitor(0),
          createdAt: l.createdAt,
        },
        {
          companyId,
          contentId: l.contentId,
          eventId: l.eventId,
          type: "download" as const,
          visitorId: l.visitorId ?? visitor(0),
          createdAt: l.createdAt,
        },
      ]),
    });
  }

  const commented = live.find((c) => c.kind === "photo_gallery");
  if (commented) {
    const base = commented.publishedAt?.getTime() ?? 0;
    const comments = [
      {
        id: `seed-comment-${commented.id}-1`,
        authorName: "Marta L.",
        rating: 5,
        text: "Que noite! Obrigada por estas fotografias, parece que voltei lá.",
        visitorId: visitor(1),
        createdAt: new Date(base + 3_600_000 * 5),
      },
      {
        id: `seed-comment-${commented.id}-2`,
        authorName: null,
        rating: 4,
        text: "Sem telemóveis foi outra coisa. Para o ano há mais!",
        visitorId: visitor(2),
        createdAt: new Date(base + 3_600_000 * 20),
      },
      {
        id: `seed-comment-${commented.id}-3`,
        authorName: "spam-bot",
        rating: 1,
        text: "Bilhetes baratos em sites duvidosos",
        hidden: true,
        visitorId: visitor(3),
        createdAt: new Date(base + 3_600_000 * 30),
      },
    ].map((c) => ({ ...c, companyId, contentId: commented.id }));
    await tx.comment.createMany({ skipDuplicates: true, data: comments });
    // Each comment was engagement when it was written (analytics count them, hidden or not).
    if (already === 0) {
      const eventId = commented.events[0] ? eventIds.get(commented.events[0]) : undefined;
      await tx.engagementEvent.createMany({
        data: comments.map((c) => ({
          companyId,
          contentId: commented.id,
          eventId,
          type: "comment" as const,
          visitorId: c.visitorId,
          createdAt: c.createdAt,
        })),
      });
    }
  }
}

async function writeCompany(tx: Tx, company: PreparedCompany, index: number): Promise<void> {
  const { spec, id: companyId, logoKey } = company.plan;
  await tx.company.upsert({
    where: { slug: spec.slug },
    create: { id: companyId, slug: spec.slug, ...spec.fields, logoKey },
    update: { ...spec.fields, logoKey },
  });
  await writeUsers(tx, companyId, spec.fields.name, company.plan.users);
  const translations = SEED_TRANSLATIONS[spec.slug];
  await writeSeedTranslations(tx, companyId, "company", companyId, spec.fields, translations?.company);

  const eventIds = new Map<string, string>();
  for (const e of spec.events) {
    const { slug, ...fields } = e;
    const row = await tx.event.upsert({
      where: { companyId_slug: { companyId, slug } },
      // The demo's events keep their company-less addresses (/event/{slug}), like every event
      // made before slugs became unique per company (lib/features/events/global-slug.ts).
      create: { slug, companyId, timeZone: "Europe/Lisbon", currency: "EUR", globalSlug: true, ...fields },
      update: fields,
      select: { id: true },
    });
    eventIds.set(slug, row.id);
    await writeSeedTranslations(tx, companyId, "event", row.id, fields, translations?.events[slug]);
  }

  const positions = new Map<string, number>();
  for (const c of spec.contents) {
    const { id, events, media, cover, ...fields } = c;
    const coverMediaId = media[cover] ? `${id}-${media[cover].suffix}` : null;
    await tx.content.upsert({
      where: { id },
      create: { id, companyId, ...fields, coverMediaId },
      update: { ...fields, coverMediaId },
    });
    for (const slug of events) {
      const eventId = eventIds.get(slug);
      if (!eventId) throw new Error(`Content ${id} links unknown event ${slug}`);
      const position = positions.get(slug) ?? 0;
      positions.set(slug, position + 1);
      await tx.contentEvent.upsert({
        where: { contentId_eventId: { contentId: id, eventId } },
        create: { contentId: id, eventId, position },
        update: { position },
      });
    }
  }

  // Kept rows (ready, every object stored) are not rewritten.
  for (const m of company.built) {
    const { id, ...data } = m.row;
    if (!id) throw new Error("media row without id");
    await tx.mediaFile.upsert({ where: { id }, create: { id, ...data }, update: data });
  }

  await writeEngagement(tx, companyId, spec, eventIds, 1000 + index);

  // The storage total is derived, so it also holds for a company that had media of its own.
  const all = await tx.mediaFile.findMany({
    where: { companyId },
    select: { sizeBytes: true, variants: true },
  });
  let total = 0n;
  for (const row of all) {
    total += row.sizeBytes;
    for (const v of parseStoredVariants(row.variants) ?? []) total += BigInt(v.bytes);
  }
  await tx.company.update({ where: { id: companyId }, data: { storageUsedBytes: total } });
}

// ───────────────────────────── entry points ─────────────────────────────

/** Loads (or refreshes) the demo data. Safe to run any number of times. */
export async function seed(options: SeedOptions): Promise<void> {
  const { prisma, store } = options;
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  await store.ensureBucket();

  const plans = await Promise.all(COMPANIES.map((spec) => planCompany(spec, prisma, store)));
  const prepared = await buildAll(plans, store, log);
  const generated = plans.reduce((n, p) => n + p.toBuild.length, 0);
  const kept = plans.reduce((n, p) => n + p.kept.length, 0);
  log(`seed: media ready in ${seconds(started)} (${generated} generated, ${kept} already stored)`);

  await prisma.$transaction(
    async (tx) => {
      for (const [index, company] of prepared.entries()) await writeCompany(tx, company, index);
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  log(`seed: ${plans.map((p) => p.spec.fields.name).join(", ")} written in ${seconds(started)}`);
}

/** Seeds only a database without any company (first `npm start`); says whether it did. */
export async function seedIfEmpty(options: SeedOptions): Promise<boolean> {
  if ((await options.prisma.company.count()) > 0) return false;
  await seed(options);
  return true;
}
