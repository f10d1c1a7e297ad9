/**
 * One byte range of a `size`-byte resource from a `Range` header (RFC 9110 §14.2): `bytes=a-b`,
 * `bytes=a-` or `bytes=-n`, the end cut to the resource. Null when there is none to honour
 * (absent, malformed, several ranges, end before start): the whole resource is answered.
 * "unsatisfiable" (416) when it starts past the end or asks for an empty suffix.
 */
export function parseByteRange(
  header: string | null,
  size: number,
): { start: number; end: number } | null | "unsatisfiable" {
  const match = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header?.trim() ?? "");
  const [first, last] = [match?.[1] ?? "", match?.[2] ?? ""];
  if (!match || (first === "" && last === "")) return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}
