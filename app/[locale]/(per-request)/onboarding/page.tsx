import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { OnboardingForm } from "@/components/auth/onboarding-form";
import { signInPath } from "@/lib/platform/auth/redirects";
import { NoAccessNotice } from "@/components/admin/no-access-notice";
import { getAdminAccess } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";

export async function generateMetadata({ params }: PageProps<"/[locale]/onboarding">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "onboarding" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** A confirmed user without a company creates one here and becomes its admin. */
export default async function OnboardingPage({ params }: PageProps<"/[locale]/onboarding">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { session, membership } = await getAdminAccess();
  if (!session) redirect(signInPath("/onboarding"));
  const t = await getTranslations("onboarding");
  if (membership && can(membership, "admin.enter")) redirect("/admin");
  // A member whose role may not enter cannot create a company either (one per account):
  // a way out instead of a bounce to "Access denied" (issue #18).
  if (membership) {
    return (
      <AuthShell title={t("title")} description={t("alreadyMember")}>
        <NoAccessNotice email={session.user.email} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("title")} description={t("body")}>
      <p className="mb-4 text-sm text-zinc-500">{t("signedInAs", { email: session.user.email })}</p>
      <OnboardingForm />
    </AuthShell>
  );
}
