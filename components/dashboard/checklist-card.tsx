import { Check } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DismissChecklist } from "@/components/dashboard/dismiss-checklist";
import type { Checklist, ChecklistStep } from "@/lib/features/dashboard/checklist";
import { cn } from "@/lib/core/merge-classes";
import { Card } from "@/components/ui/card";

/** Where each step is done (the share step is the public link card beside the checklist). */
const STEP_HREF: Record<Exclude<ChecklistStep, "share">, string> = {
  createEvent: "/admin/events/new",
  upload: "/admin/content/new",
  publish: "/admin/events",
};

/** Getting started: the four steps, ticked from the company's data, the next one pointed at. */
export async function ChecklistCard({ checklist }: { checklist: Checklist }) {
  const t = await getTranslations("admin.dashboard.checklist");
  const doneCount = checklist.steps.filter((s) => s.done).length;
  return (
    <Card asChild>
      <section
        aria-labelledby="checklist-title"
        data-testid="dashboard-checklist"
        data-complete={checklist.complete}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="checklist-title" className="text-lg font-semibold">
              {checklist.complete ? t("doneTitle") : t("title")}
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {checklist.complete
                ? t("doneBody")
                : t("progress", { done: doneCount, total: checklist.steps.length })}
            </p>
          </div>
          {checklist.complete && <DismissChecklist />}
        </div>
        <ol className="mt-4 flex flex-col gap-3">
          {checklist.steps.map(({ step, done }, index) => {
            const isNext = checklist.next === step;
            return (
              <li
                key={step}
                data-testid={`checklist-${step}`}
                data-done={done}
                className={cn(
                  "flex gap-3 rounded-xl p-3",
                  isNext && "bg-zinc-50 ring-1 ring-brand-600/40 dark:bg-ink-900",
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    "flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                    done
                      ? "bg-green-700 text-white"
                      : "border border-zinc-300 text-zinc-700 dark:border-zinc-600 dark:text-zinc-300",
                  )}
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className={cn("font-medium", done && "text-zinc-600 dark:text-zinc-400")}>
                    {t(`steps.${step}.title`)}
                    <span className="sr-only"> · {done ? t("stepDone") : t("stepTodo")}</span>
                  </p>
                  {!done && (
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`steps.${step}.body`)}</p>
                  )}
                  {!done && isNext && step !== "share" && (
                    <Link
                      href={STEP_HREF[step]}
                      className="inline-flex h-10 w-fit items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
                    >
                      {t(`steps.${step}.action`)}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </section>
    </Card>
  );
}
