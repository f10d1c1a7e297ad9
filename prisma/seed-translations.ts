import type { Prisma } from "@/lib/generated/prisma/client";
import { sourceHash, type TranslatableEntityName } from "@/lib/features/translation/fields";

/**
 * The demo tenants' texts in en/es/fr (issue #15), written as `text_translation` rows: automatic
 * versions, ready, made from the current Portuguese source (its hash), so the demo shows real
 * translations with no engine run and an edit of the source redoes them like any other.
 */
type Versions = Record<"en" | "es" | "fr", string>;
type FieldVersions = Partial<Record<string, Versions>>;

export const SEED_TRANSLATIONS: Record<
  string,
  { company: FieldVersions; events: Record<string, FieldVersions> }
> = {
  demo: {
    company: {
      description: {
        en: "Demo Live is an independent concert promoter based in Porto, running summer festivals, acoustic nights and intimate sessions in venues across the country. Our team films and photographs every show so the audience can live the moment phone-free — and receive the best photos, videos and recordings of the night afterwards.",
        es: "Demo Live es una promotora de conciertos independiente con sede en Oporto que organiza festivales de verano, noches acústicas y sesiones íntimas en salas de todo el país. Nuestro equipo graba y fotografía cada espectáculo para que el público viva el momento sin móviles y reciba después las mejores fotos, vídeos y grabaciones de la noche.",
        fr: "Demo Live est un producteur de concerts indépendant basé à Porto, qui organise des festivals d'été, des soirées acoustiques et des sessions intimistes dans des salles de tout le pays. Notre équipe filme et photographie chaque concert pour que le public vive l'instant sans téléphone — et reçoive ensuite les meilleures photos, vidéos et enregistrements de la soirée.",
      },
      landingPageName: {
        en: "Demo Live — Official galleries",
        es: "Demo Live — Galerías oficiales",
        fr: "Demo Live — Galeries officielles",
      },
      landingPageDescription: {
        en: "Relive our shows: official photos, videos and recordings of every night, ready to share.",
        es: "Revive nuestros conciertos: fotos, vídeos y grabaciones oficiales de cada noche, listos para compartir.",
        fr: "Revivez nos concerts : photos, vidéos et enregistrements officiels de chaque soirée, prêts à partager.",
      },
    },
    events: {
      "festival-de-verao": {
        name: { en: "Summer Festival 2026", es: "Festival de Verano 2026", fr: "Festival d'été 2026" },
        description: {
          en: "Three stages, twenty concerts and a whole night without phones in the City Park. Relive the main stage, the official aftermovie and the live recordings.",
          es: "Tres escenarios, veinte conciertos y una noche entera sin móviles en el Parque de la Ciudad. Revive el escenario principal, el aftermovie oficial y las grabaciones en directo.",
          fr: "Trois scènes, vingt concerts et toute une nuit sans téléphone au Parc de la Ville. Revivez la grande scène, l'aftermovie officiel et les enregistrements live.",
        },
      },
      "noite-acustica": {
        name: { en: "Acoustic Night", es: "Noche Acústica", fr: "Nuit acoustique" },
        description: {
          en: "An intimate evening of stripped-back songs by candlelight. The setlist, the poster and the official photo pack can be downloaded after leaving your contact details.",
          es: "Una velada íntima de canciones desnudas a la luz de las velas. El repertorio, el cartel y el pack de fotos oficiales se pueden descargar después de dejar tu contacto.",
          fr: "Une soirée intimiste de chansons dépouillées, à la lueur des bougies. La setlist, l'affiche et le pack de photos officielles se téléchargent après avoir laissé vos coordonnées.",
        },
      },
    },
  },
  other: {
    company: {
      description: {
        en: "Other Stage is an electronic music club in Lisbon, with DJ nights and live acts every week.",
        es: "Other Stage es un club de música electrónica en Lisboa, con noches de DJ y directos cada semana.",
        fr: "Other Stage est un club de musique électronique à Lisbonne, avec des soirées DJ et des concerts chaque semaine.",
      },
    },
    events: {},
  },
};

/** Upserts the seeded versions of one entity's fields (skipping a field whose source is empty). */
export async function writeSeedTranslations(
  tx: Prisma.TransactionClient,
  companyId: string,
  entity: TranslatableEntityName,
  entityId: string,
  sources: Record<string, unknown>,
  versions: FieldVersions | undefined,
): Promise<void> {
  for (const [field, byLocale] of Object.entries(versions ?? {})) {
    const source = sources[field];
    if (typeof source !== "string" || !source || !byLocale) continue;
    const hash = sourceHash(source, "pt");
    for (const [locale, text] of Object.entries(byLocale)) {
      const data = {
        text,
        origin: "automatic",
        state: "ready",
        sourceHash: hash,
        engine: null,
        error: null,
      } as const;
      await tx.textTranslation.upsert({
        where: { entity_entityId_field_locale: { entity, entityId, field, locale } },
        create: { companyId, entity, entityId, field, locale, ...data },
        update: data,
      });
    }
  }
}
