import {
  Download,
  Eye,
  FileText,
  Heart,
  Image as ImageIcon,
  Lock,
  Music,
  UserPlus,
  Video,
} from "lucide-react";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { StatusBadge } from "@/components/content/status-badge";
import type { ContentEngagement, ContentListItem } from "@/lib/features/content/queries";

const engagementIcons = { views: Eye, likes: Heart, downloads: Download, leads: UserPlus } as const;

export async function ContentTable({ items }: { items: ContentListItem[] }) {
  const t = await getTranslations("content");
  const format = await getFormatter();
  if (items.length === 0) {
    return <EmptyList>{t("empty")}</EmptyList>;
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-700">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-ink-800 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t("columns.title")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("columns.kind")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("columns.status")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("columns.files")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("columns.engagement")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("columns.events")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("columns.updated")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {items.map((item) => (
            <tr key={item.id} className="hover:bg-zinc-50/60 dark:hover:bg-zinc-800/40">
              <td className="px-4 py-3">
                <Link
                  href={`/admin/content/${item.id}`}
                  className="flex items-center gap-3 font-medium hover:text-brand-600"
                >
                  {item.coverUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a short-lived signed URL
                    <img src={item.coverUrl} alt="" className="size-10 shrink-0 rounded-md object-cover" />
                  ) : (
                    <span className="size-10 shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800" />
                  )}
                  <span>
                    {item.title}
                    {item.requiresLead && (
                      <Lock aria-label={t("requiresLead")} className="ml-1 inline size-3.5 text-zinc-500" />
                    )}
                  </span>
                </Link>
              </td>
              <td className="px-4 py-3">{t(`kind.${item.kind}`)}</td>
              <td className="px-4 py-3">
                <StatusBadge tone={item.status}>{t(`status.${item.status}`)}</StatusBadge>
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap items-center gap-2 text-zinc-600 dark:text-zinc-400">
                  {item.counts.photo > 0 && (
                    <span
                      title={t("counts.photos", { count: item.counts.photo })}
                      className="inline-flex items-center gap-1"
                    >
                      <ImageIcon aria-hidden className="size-3.5" />
                      {item.counts.photo}
                    </span>
                  )}
                  {item.counts.video > 0 && (
                    <span
                      title={t("counts.videos", { count: item.counts.video })}
                      className="inline-flex items-center gap-1"
                    >
                      <Video aria-hidden className="size-3.5" />
                      {item.counts.video}
                    </span>
                  )}
                  {item.counts.audio > 0 && (
                    <span
                      title={t("counts.audios", { count: item.counts.audio })}
                      className="inline-flex items-center gap-1"
                    >
                      <Music aria-hidden className="size-3.5" />
                      {item.counts.audio}
                    </span>
                  )}
                  {item.counts.document > 0 && (
                    <span
                      title={t("counts.documents", { count: item.counts.document })}
                      className="inline-flex items-center gap-1"
                    >
                      <FileText aria-hidden className="size-3.5" />
                      {item.counts.document}
                    </span>
                  )}
                  {item.counts.processing > 0 && (
                    <StatusBadge tone="processing">
                      {t("counts.processing", { count: item.counts.processing })}
                    </StatusBadge>
                  )}
                  {item.counts.failed > 0 && (
                    <StatusBadge tone="failed">
                      {t("counts.failed", { count: item.counts.failed })}
                    </StatusBadge>
                  )}
                </span>
              </td>
              <td className="px-4 py-3">
                <span
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 text-zinc-600 tabular-nums dark:text-zinc-400"
                  data-testid="content-engagement"
                >
                  {(Object.keys(engagementIcons) as (keyof ContentEngagement)[]).map((metric) => {
                    const Icon = engagementIcons[metric];
                    const label = t(`engagement.${metric}`, { count: item.engagement[metric] });
                    return (
                      <span key={metric} title={label} className="inline-flex items-center gap-1">
                        <Icon aria-hidden className="size-3.5" />
                        <span aria-hidden>{format.number(item.engagement[metric])}</span>
                        <span className="sr-only">{label}</span>
                      </span>
                    );
                  })}
                </span>
              </td>
              <td className="px-4 py-3 text-zinc-600 dark:text-zinc-400">
                {item.events.map((e) => e.name).join(", ") || "—"}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                {format.dateTime(new Date(item.updatedAt), { dateStyle: "medium" })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
