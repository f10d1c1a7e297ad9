import { brandPalette } from "@/lib/features/brand/colors";
import { brandStyleSheet } from "@/lib/features/brand/css-variables";
import type { PublicCompany } from "@/lib/surfaces/public-site/types";

/**
 * The company's colours as CSS variables on `:root`, so the dialogs, banners and toasts that
 * render outside the page wrapper wear the brand too. A `<style>` element, not a script: the
 * CSP allows inline styles, and the cached pages' hash-based script policy is untouched.
 */
export function BrandStyle({ company }: { company: Pick<PublicCompany, "brandColor" | "accentColor"> }) {
  return <style>{brandStyleSheet(brandPalette(company))}</style>;
}
