import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthForm } from "@/components/auth/auth-form";
import { AuthShell } from "@/components/auth/auth-shell";
import { afterSignInPath } from "@/lib/platform/tenancy/destination";
import { safeNextPath } from "@/lib/platform/auth/redirects";
import { firstParam } from "@/lib/platform/auth/search-params";
import { NoAccessNotice } from "@/components/admin/no-access-notice";
import { getAdminAccess } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";

export async function generateMetadata({ params }: PageProps<"/[locale]/auth">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth" });
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function AuthPage({ params, searchParams }: PageProps<"/[locale]/auth">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const next = safeNextPath(firstParam(query.next), "");
  const t = await getTranslations("auth");
  const { session, membership } = await getAdminAccess();
  if (session) {
    // Already signed in: straight on to where the visitor was going, unless that is the admin
    // area and this account may not enter it: then a way to sign out, not a bounce back to
    // "Access denied" (issue #18).
    const target = await afterSignInPath(next || null);
    const shutOut = membership !== null && !can(membership, "admin.enter") && target.startsWith("/admin");
    if (!shutOut) redirect(target);
    return (
      <AuthShell title={t("title")}>
        <NoAccessNotice email={session.user.email} />
      </AuthShell>
    );
  }

  const resetDone = firstParam(query.reset) === "done";
  const email = firstParam(query.email)?.slice(0, 254) ?? "";
  return (
    <AuthShell title={t("title")} description={t("subtitle")}>
      {resetDone && (
        <p
          role="status"
          className="mb-4 rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {t("reset.done")}
        </p>
      )}
      <AuthForm
        initialMode={firstParam(query.mode) === "signup" ? "signup" : "signin"}
        next={next}
        initialEmail={email}
      />
    </AuthShell>
  );
}
