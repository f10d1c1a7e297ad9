import type { PublicCompany } from "@/lib/surfaces/public-site/types";
import { cn } from "@/lib/core/merge-classes";

/** The company's logo, or its initial on its brand colour when it has none. */
export function CompanyLogo({
  company,
  className,
  decorative = true,
}: {
  company: Pick<PublicCompany, "name" | "logoUrl" | "brandColor">;
  className?: string;
  decorative?: boolean;
}) {
  if (company.logoUrl) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- our media route's own rendition; nothing to optimise
      <img
        src={company.logoUrl}
        alt={decorative ? "" : company.name}
        width={64}
        height={64}
        className={cn("shrink-0 rounded-xl object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden={decorative}
      className={cn(
        "flex shrink-0 items-center justify-center rounded-xl bg-zinc-900 font-bold text-white uppercase",
        className,
      )}
    >
      {company.name.slice(0, 1)}
    </span>
  );
}
