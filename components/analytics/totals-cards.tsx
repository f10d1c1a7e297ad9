import {
  Clock,
  Download,
  Eye,
  FileText,
  Heart,
  Image as ImageIcon,
  MessageSquare,
  Music,
  Share2,
  UserPlus,
  Users,
  Video,
  type LucideIcon,
} from "lucide-react";
import { getFormatter, getTranslations } from "next-intl/server";
import { formatWatchedTime } from "@/components/analytics/format";
import type { MediaCounts, Metric, Metrics } from "@/lib/features/analytics/metrics";
import { Card } from "@/components/ui/card";

const metricIcons: Record<Metric, LucideIcon> = {
  views: Eye,
  uniqueVisitors: Users,
  likes: Heart,
  shares: Share2,
  comments: MessageSquare,
  downloads: Download,
  leads: UserPlus,
  watchSeconds: Clock,
};

const mediaIcons: Record<keyof MediaCounts, LucideIcon> = {
  videos: Video,
  images: ImageIcon,
  audios: Music,
  documents: FileText,
};

/** The period's totals (one card per metric) and the company's media files by kind. */
export async function TotalsCards({
  totals,
  media,
  locale,
}: {
  totals: Metrics;
  media: MediaCounts;
  locale: string;
}) {
  const [t, format] = await Promise.all([getTranslations("admin.analytics"), getFormatter()]);
  const metrics = Object.keys(metricIcons) as Metric[];
  const kinds = Object.keys(mediaIcons) as (keyof MediaCounts)[];
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="analytics-totals-title">
        <h2 id="analytics-totals-title" className="sr-only">
          {t("totals")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {metrics.map((metric) => {
            const Icon = metricIcons[metric];
            return (
              <Card key={metric}>
                <dt className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
                  <Icon aria-hidden className="size-4" />
                  {t(`metrics.${metric}`)}
                </dt>
                <dd className="mt-2 text-3xl font-semibold tabular-nums" data-testid={`total-${metric}`}>
                  {metric === "watchSeconds"
                    ? formatWatchedTime(totals.watchSeconds, locale)
                    : format.number(totals[metric])}
                </dd>
              </Card>
            );
          })}
        </dl>
      </section>
      <section aria-labelledby="analytics-media-title">
        <h2 id="analytics-media-title" className="mb-3 text-lg font-semibold">
          {t("media.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          {kinds.map((kind) => {
            const Icon = mediaIcons[kind];
            return (
              <Card key={kind} className="flex items-center justify-between gap-3 py-4">
                <dt className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
                  <Icon aria-hidden className="size-4" />
                  {t(`media.${kind}`)}
                </dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`media-${kind}`}>
                  {format.number(media[kind])}
                </dd>
              </Card>
            );
          })}
        </dl>
      </section>
    </div>
  );
}
