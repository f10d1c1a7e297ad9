import "server-only";
import { publicStorage } from "@/lib/core/storage";

/** A short-lived address of the company logo for the admin shell, or null (placeholder icon). */
export async function signedCompanyLogoUrl(company: { logoKey: string | null }): Promise<string | null> {
  if (!company.logoKey) return null;
  try {
    // Shown by the browser: the store as browsers reach it.
    return await publicStorage.signedGetUrl(company.logoKey, { expiresIn: 60 * 60 });
  } catch (error) {
    console.error("[afterglow] logo URL failed", error);
    return null;
  }
}
