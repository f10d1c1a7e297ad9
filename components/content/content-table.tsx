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
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import type { ContentEngagement, ContentListItem } from "@/lib/features/content/queries";

const engagementIcons = { views: Eye, likes: Heart, downloads: Download, leads: UserPlus } as const;

/** The files of each kind a content holds, in the order the Files column shows them. */
const fileKinds = [
  { kind: "photo", label: "photos", Icon: ImageIcon },
  { kind: "video", label: "videos", Icon: Video },
  { kind: "audio", label: "audios", Icon: Music },
  { kind: "document", label: "documents", Icon: FileText },
] as const;

export async function ContentTable({ items }: { items: ContentListItem[] }) {
  const t = await getTranslations("content");
  const format = await getFormatter();
  if (items.length === 0) {
    return <EmptyList>{t("empty")}</EmptyList>;
  }
  return (
    <Table>
      <TableHead>
        {(["title", "kind", "status", "files", "engagement", "events", "updated"] as const).map((column) => (
          <th key={column} scope="col" className="px-4 py-3">
            {t(`columns.${column}`)}
          </th>
        ))}
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} look="hover">
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
                {fileKinds.map(({ kind, label, Icon }) =>
                  item.counts[kind] > 0 ? (
                    <span
                      key={kind}
                      title={t(`counts.${label}`, { count: item.counts[kind] })}
                      className="inline-flex items-center gap-1"
                    >
                      <Icon aria-hidden className="size-3.5" />
                      {item.counts[kind]}
                    </span>
                  ) : null,
                )}
                {item.counts.processing > 0 && (
                  <StatusBadge tone="processing">
                    {t("counts.processing", { count: item.counts.processing })}
                  </StatusBadge>
                )}
                {item.counts.failed > 0 && (
                  <StatusBadge tone="failed">{t("counts.failed", { count: item.counts.failed })}</StatusBadge>
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
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
