import { Globe, Lock } from "lucide-react";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { EmptyList } from "@/components/admin/empty-list";
import { StatusBadge } from "@/components/content/status-badge";
import { Table, TableBody, TableHead, TableRow } from "@/components/ui/table";
import type { EventListItem } from "@/lib/features/events/queries";

/** `pathPrefix`: the company's event addresses before the slug (`/demo/evento/`). */
export async function EventsTable({ items, pathPrefix }: { items: EventListItem[]; pathPrefix: string }) {
  const t = await getTranslations("events");
  const format = await getFormatter();
  if (items.length === 0) {
    return <EmptyList>{t("empty")}</EmptyList>;
  }
  return (
    <Table>
      <TableHead>
        {(["name", "date", "location", "status", "participants", "price", "contents"] as const).map(
          (column) => (
            <th key={column} scope="col" className="px-4 py-3">
              {t(`columns.${column}`)}
            </th>
          ),
        )}
      </TableHead>
      <TableBody>
        {items.map((e) => (
          <TableRow key={e.id} look="hover">
            <td className="px-4 py-3">
              <Link href={`/admin/events/${e.id}`} className="font-medium hover:text-brand-600">
                {e.name}
              </Link>
              <span className="block text-xs text-zinc-500">
                {pathPrefix}
                {e.slug}
              </span>
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              {format.dateTime(new Date(e.startsAt), {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: e.timeZone,
              })}
              <span className="block text-xs text-zinc-500">{e.timeZone}</span>
            </td>
            <td className="px-4 py-3 text-zinc-600 dark:text-zinc-400">{e.location ?? "—"}</td>
            <td className="px-4 py-3">
              <span className="flex items-center gap-1.5">
                <StatusBadge tone={e.status}>{t(`status.${e.status}`)}</StatusBadge>
                {e.isPublic ? (
                  <Globe aria-label={t("public")} className="size-3.5 text-zinc-500" />
                ) : (
                  <Lock aria-label={t("private")} className="size-3.5 text-zinc-500" />
                )}
              </span>
            </td>
            <td className="px-4 py-3 whitespace-nowrap" data-testid="participants">
              {format.number(e.participantsCount)}
              {e.maxParticipants ? ` / ${format.number(e.maxParticipants)}` : ""}
            </td>
            <td className="px-4 py-3 whitespace-nowrap">
              {e.priceMinor
                ? format.number(e.priceMinor / 100, { style: "currency", currency: e.currency })
                : t("free")}
            </td>
            <td className="px-4 py-3">{e.contentCount}</td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
