import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { SignOutOthersButton } from "@/components/admin/sign-out-others-button";
import { maxConcurrentSessions } from "@/lib/auth/policy";
import { getCurrentSession } from "@/lib/auth/session";
import { listUserSessions } from "@/lib/auth/session-lifecycle";
import { env } from "@/lib/env";
import { requireMembership } from "@/lib/tenancy/guard";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/admin/settings/sessions">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "session" });
  return { title: t("metaTitle") };
}

/** "Your sessions": where this account is signed in, and "sign out other sessions". */
export default async function SessionsPage({ params }: PageProps<"/[locale]/admin/settings/sessions">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership();
  const current = await getCurrentSession();
  const sessions = current ? await listUserSessions(membership.userId, current.session.token) : [];
  const [t, ts, format] = await Promise.all([
    getTranslations("session"),
    getTranslations("settings"),
    getFormatter(),
  ]);
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description", {
          minutes: env.SESSION_IDLE_MINUTES,
          max: maxConcurrentSessions(membership.role),
        })}
        back={{ href: "/admin/settings", label: ts("back") }}
      >
        <SignOutOthersButton disabled={sessions.length < 2} />
      </PageHeader>
      <ul className="flex flex-col gap-3" data-testid="session-list">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-zinc-200 dark:bg-ink-800 dark:ring-zinc-800"
          >
            <p className="font-medium break-words">
              {s.userAgent || t("unknown")}
              {s.current && (
                <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-600 dark:bg-brand-600/20">
                  {t("current")}
                </span>
              )}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-zinc-600 dark:text-zinc-400">
              <dt>{t("started")}</dt>
              <dd>{when(s.createdAt)}</dd>
              <dt>{t("lastActive")}</dt>
              <dd>{when(s.lastActiveAt)}</dd>
              <dt>{t("ip")}</dt>
              <dd>{s.ipAddress || t("unknown")}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
