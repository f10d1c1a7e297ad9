import { AppError } from "@/lib/core/errors";
import { decodeCursor } from "@/lib/core/pagination/keyset";

/** A cursor that is not one of ours is a 422 here (the admin lists just start from the top). */
export function cursorOrThrow(cursor: string | undefined): string | undefined {
  if (cursor !== undefined && decodeCursor(cursor) === null) {
    throw new AppError("validation", "api.errors.cursor", { fieldErrors: { cursor: "api.errors.cursor" } });
  }
  return cursor;
}

export const iso = (date: Date | null) => date?.toISOString() ?? null;
