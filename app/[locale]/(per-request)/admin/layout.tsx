import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { Suspense, type ReactNode } from "react";
import { AllMessages } from "@/components/i18n/page-messages";
import { AccessDenied } from "@/components/admin/access-denied";
import { AdminShell } from "@/components/admin/admin-shell";
import { TwoFactorRequired } from "@/components/admin/two-factor-required";
import { TrialBanner } from "@/components/billing/trial-banner";
import { SignInRedirect } from "@/components/admin/sign-in-redirect";
import { ThemeBootScript } from "@/components/admin/theme-boot-script";
import { getPlanSummary } from "@/lib/features/billing/overview";
import { getShellBrand } from "@/lib/features/brand/queries";
import { signedCompanyLogoUrl } from "@/lib/features/company/logo";
import { env } from "@/lib/core/env";
import { getAdminAccess } from "@/lib/platform/tenancy/guard";
import { can } from "@/lib/platform/access/permissions";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The admin shell. Decides, on the server, between sign-in (signed out), Access Denied
 * (no profile, or a role that may not enter) and the shell. Each page and action checks
 * again through `requireMembership()`: a layout is not re-rendered on client navigation.
 */
export default async function AdminLayout({ children, params }: LayoutProps<"/[locale]/admin">) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AllMessages>
      <AdminArea>{children}</AdminArea>
    </AllMessages>
  );
}

async function AdminArea({ children }: { children: ReactNode }) {
  const access = await getAdminAccess();

  if (!access.session) {
    return (
      <Suspense>
        <SignInRedirect />
      </Suspense>
    );
  }
  const { membership } = access;
  // Before the role's own answer: a member of any role the company requires it of is told to
  // turn on two-factor first (a user, who has no admin area, learns it here at sign-in too).
  if (access.twoFactorMessage) {
    return (
      <>
        <ThemeBootScript theme={access.themePreference} />
        <TwoFactorRequired messageKey={access.twoFactorMessage} />
      </>
    );
  }
  if (!membership || !can(membership, "admin.enter")) {
    return (
      <>
        <ThemeBootScript theme={access.themePreference} />
        <AccessDenied
          email={access.session.user.email}
          profileFound={access.profileFound}
          role={membership?.role ?? null}
          companyName={membership?.company.name ?? null}
        />
      </>
    );
  }

  const [billing, brand] = await Promise.all([
    getPlanSummary(membership.company.id),
    getShellBrand(membership.company.id),
  ]);
  return (
    <>
      <ThemeBootScript theme={access.themePreference} />
      <AdminShell
        banner={
          <TrialBanner
            isInTrial={billing.trial.isInTrial}
            daysLeft={billing.trial.trialDaysLeft}
            paymentFailed={billing.paymentFailed}
            canManage={can(membership, "billing.manage")}
          />
        }
        brand={brand}
        company={{ name: membership.company.name, logoUrl: await signedCompanyLogoUrl(membership.company) }}
        user={{ displayName: membership.displayName, email: membership.email, role: membership.role }}
        idleMinutes={env.SESSION_IDLE_MINUTES}
      >
        {children}
      </AdminShell>
    </>
  );
}
