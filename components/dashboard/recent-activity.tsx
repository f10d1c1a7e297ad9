import { Star } from "lucide-react";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { RecentComment, RecentLead } from "@/lib/features/dashboard/queries";
import { Card } from "@/components/ui/card";

/** A recent-activity panel: its title, a link to the whole list, the latest few. */
function ActivityCard({
  id,
  title,
  all,
  children,
}: {
  id: string;
  title: string;
  all: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card asChild className="flex flex-col gap-3">
      <section aria-labelledby={id}>
        <div className="flex items-baseline justify-between gap-3">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <Link
            href={all.href}
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
          >
            {all.label}
          </Link>
        </div>
        {children}
      </section>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}

/** The last few leads, linking to the leads list. */
export async function RecentLeads({ leads }: { leads: RecentLead[] }) {
  const [t, format] = await Promise.all([getTranslations("admin.dashboard.recent"), getFormatter()]);
  return (
    <ActivityCard
      id="recent-leads-title"
      title={t("leadsTitle")}
      all={{ href: "/admin/leads", label: t("allLeads") }}
    >
      {leads.length === 0 ? (
        <Empty>{t("noLeads")}</Empty>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="recent-leads">
          {leads.map((lead) => (
            <li key={lead.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium">{lead.name}</p>
                <p className="truncate text-zinc-600 dark:text-zinc-400" title={lead.email}>
                  {lead.email}
                  {lead.contentTitle && ` · ${lead.contentTitle}`}
                </p>
              </div>
              <time
                dateTime={lead.createdAt.toISOString()}
                className="shrink-0 text-zinc-600 dark:text-zinc-400"
              >
                {format.relativeTime(lead.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </ActivityCard>
  );
}

/** The last few comments, each linking to its content's moderation. */
export async function RecentComments({ comments }: { comments: RecentComment[] }) {
  const [t, format] = await Promise.all([getTranslations("admin.dashboard.recent"), getFormatter()]);
  return (
    <ActivityCard
      id="recent-comments-title"
      title={t("commentsTitle")}
      all={{ href: "/admin/content", label: t("allContent") }}
    >
      {comments.length === 0 ? (
        <Empty>{t("noComments")}</Empty>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="recent-comments">
          {comments.map((comment) => (
            <li key={comment.id} className="flex flex-col gap-1 py-2 text-sm">
              <div className="flex items-center justify-between gap-3">
                <Link
                  href={`/admin/content/${encodeURIComponent(comment.contentId)}#comments-heading`}
                  className="min-w-0 truncate font-medium hover:underline"
                >
                  {comment.authorName || t("anonymous")} · {comment.contentTitle}
                </Link>
                <time
                  dateTime={comment.createdAt.toISOString()}
                  className="shrink-0 text-zinc-600 dark:text-zinc-400"
                >
                  {format.relativeTime(comment.createdAt)}
                </time>
              </div>
              <p className="line-clamp-2 text-zinc-700 dark:text-zinc-300">
                {comment.rating !== null && (
                  <span className="mr-2 inline-flex items-center gap-0.5">
                    <Star aria-hidden className="size-3.5 fill-current" />
                    <span className="sr-only">{t("rating", { rating: comment.rating })}</span>
                    <span aria-hidden>{comment.rating}</span>
                  </span>
                )}
                {comment.hidden && <span className="mr-2 font-medium">[{t("hidden")}]</span>}
                {comment.text}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ActivityCard>
  );
}
