/**
 * Lengths of a comment, shared by the API's schema (lib/features/engagement/schemas.ts) and the public
 * comment form. A module of their own, without zod: the form shows them on every player page,
 * and importing them from the schemas sent the whole validation library to every fan.
 */
export const COMMENT_TEXT_MAX = 1000;
export const COMMENT_NAME_MAX = 100;
