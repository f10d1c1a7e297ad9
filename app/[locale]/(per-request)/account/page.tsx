import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { DisplayNameForm, EmailChangeForm, PasswordChangeForm } from "@/components/account/account-forms";
import { SessionList } from "@/components/account/session-list";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { SignOutOthersButton } from "@/components/admin/sign-out-others-button";
import { AuthShell } from "@/components/auth/auth-shell";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { signInPath } from "@/lib/platform/auth/redirects";
import { firstParam } from "@/lib/platform/auth/search-params";
import { listUserSessions } from "@/lib/platform/auth/session-lifecycle";
import { getAdminAccess } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";

export async function generateMetadata({ params }: PageProps<"/[locale]/account">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "account" });
  return { title: t("metaTitle"), robots: { index: false } };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h2 id={`${id}-title`} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The signed-in user's own account, with or without a company (outside the admin area, so
 * an admin who must first turn on two-factor can reach it): name, e-mail, password,
 * two-factor authentication, sessions.
 */
export default async function AccountPage({ params, searchParams }: PageProps<"/[locale]/account">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await getAdminAccess();
  const { session, membership } = access;
  if (!session) redirect(signInPath("/account"));
  const query = await searchParams;
  const [t, tRoot, sessions] = await Promise.all([
    getTranslations("account"),
    getTranslations(),
    listUserSessions(session.user.id, session.session.token),
  ]);
  // The change-of-address link lands here; Better Auth adds `error` when the link failed.
  const emailResult = firstParam(query.error)
    ? "linkInvalid"
    : firstParam(query.email) === "changed"
      ? "changed"
      : null;

  return (
    <AuthShell title={t("title")} description={t("description")} wide>
      <div className="flex flex-col gap-6">
        {membership && can(membership, "admin.enter") && !access.twoFactorEnrolmentRequired && (
          <Link href="/admin" className="text-sm text-brand-600 hover:underline">
            {t("backToAdmin")}
          </Link>
        )}
        {access.twoFactorMessage && (
          <p
            role="alert"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          >
            {tRoot(access.twoFactorMessage)}
          </p>
        )}
        {emailResult && (
          <p
            role="status"
            className={
              emailResult === "changed"
                ? "rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
                : "rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
            }
          >
            {t(`email.${emailResult}`)}
          </p>
        )}
        <Section id="profile" title={t("profile.title")}>
          <DisplayNameForm name={session.user.name} />
        </Section>
        <Section id="email" title={t("email.title")}>
          <EmailChangeForm email={session.user.email} />
        </Section>
        <Section id="password" title={t("password.title")}>
          <PasswordChangeForm />
        </Section>
        <Section id="two-factor" title={t("twoFactor.title")}>
          <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t("twoFactor.description")}</p>
          <TwoFactorSection enabled={session.user.twoFactorEnabled} />
        </Section>
        <Section id="sessions" title={t("sessions.title")}>
          <div className="mb-4">
            <SignOutOthersButton disabled={sessions.length < 2} />
          </div>
          <SessionList sessions={sessions} />
        </Section>
        <div className="border-t border-zinc-200 pt-6 dark:border-zinc-800">
          <SignOutButton>{t("signOut")}</SignOutButton>
        </div>
      </div>
    </AuthShell>
  );
}
