/** The first value of a search parameter (Next gives arrays for repeated keys). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
