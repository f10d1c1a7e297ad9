import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SessionList } from "@/components/account/session-list";
import { PageHeader } from "@/components/admin/page-header";
import { SignOutOthersButton } from "@/components/admin/sign-out-others-button";
import { maxConcurrentSessions } from "@/lib/platform/auth/policy";
import { getCurrentSession } from "@/lib/platform/auth/session";
import { listUserSessions } from "@/lib/platform/auth/session-lifecycle";
import { env } from "@/lib/core/env";
import { requireMembership } from "@/lib/platform/tenancy/guard";

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
  const [t, ts] = await Promise.all([getTranslations("session"), getTranslations("settings")]);

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
      <SessionList sessions={sessions} />
    </>
  );
}
