import Link from "next/link";
import type { ReactNode } from "react";

/** The plans page (`SUBSCRIPTION_PATH` of lib/platform/plans/gate.ts, which is server code). */
const SUBSCRIPTION_PATH = "/admin/subscription";

/**
 * A settings section's notice in place of its form when the company's plan lacks the feature:
 * the sentence and a link to the plans. `children` add what the section says beside it (what
 * fans meet meanwhile); `testId` lets each section's specs find its own gate.
 */
export function PlanGateNotice({
  message,
  linkLabel,
  testId,
  children,
}: {
  message: string;
  linkLabel: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <p
      data-testid={testId}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {message}{" "}
      <Link href={SUBSCRIPTION_PATH} className="font-semibold underline">
        {linkLabel}
      </Link>
      {children}
    </p>
  );
}
