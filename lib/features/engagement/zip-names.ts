/**
 * Entry names inside a "Download all" ZIP. The names come from uploaders' file names, so they
 * are hostile: an entry must never leave the folder it is unpacked into (no `/`, `\`, `..`,
 * drive letters or leading dots) and two photos called `IMG_0001.jpg` must not overwrite each
 * other when unpacked (case-insensitive file systems included), so repeats get ` (2)`, ` (3)` …
 */
export function uniqueZipNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const base = flatName(raw);
    const dot = base.lastIndexOf(".");
    const stem = dot > 0 ? base.slice(0, dot) : base;
    const ext = dot > 0 ? base.slice(dot) : "";
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

function flatName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = last
    .replace(/[\u0000-\u001f\u007f:*?"<>|]/g, "")
    .replace(/^[.\s]+/, "")
    .trim();
  return cleaned || "photo";
}
