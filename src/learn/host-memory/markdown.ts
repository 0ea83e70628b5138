/**
 * The notes in a host's Markdown memory file: each top-level list item (with the lines and nested items that
 * continue it) and each paragraph is one note, under the headings above it. Headings, fenced code, a YAML
 * front matter and blank lines are not notes. Line numbers are 1-based, of the note's first line (provenance).
 */
export interface MdNote {
  line: number;
  text: string;
  /** The headings the note is under, outermost first (without the #). */
  headings: string[];
  /** Link targets in the note (`[x](file.md)`): an index line of a memory directory points at its notes. */
  links: string[];
  /** Whether it was a list item (else a paragraph). */
  item: boolean;
}

const BULLET = /^([-*+]|\d+[.)])\s+/u;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/u;
const FENCE = /^\s*(```|~~~)/u;
const LINK = /\[[^\]]*\]\(([^)\s]+)[^)]*\)/gu;

/** The front matter of a file that starts with `---` (its lines, and the line where the body starts). */
export function frontMatter(lines: string[]): { fields: Record<string, string>; bodyStart: number } {
  if (lines[0]?.trim() !== "---") return { fields: {}, bodyStart: 0 };
  const fields: Record<string, string> = {};
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i] ?? "";
    if (l.trim() === "---") return { fields, bodyStart: i + 1 };
    const m = /^([A-Za-z_][\w-]*):\s*(.*)$/u.exec(l);
    if (m?.[1]) fields[m[1]] = (m[2] ?? "").replace(/^["']|["']$/gu, "").trim();
  }
  return { fields: {}, bodyStart: 0 }; // no closing marker: not front matter
}

/** One line of a note's text: whitespace collapsed, emphasis markers taken off. */
export function flatten(parts: string[]): string {
  return parts
    .join(" ")
    .replace(/\*\*|__/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
}

export function markdownNotes(text: string, from = 0): MdNote[] {
  const lines = text.split(/\r?\n/u);
  const notes: MdNote[] = [];
  const headings: string[] = [];
  let cur: { line: number; parts: string[]; item: boolean } | undefined;
  let fenced = false;
  const close = () => {
    if (cur) {
      const raw = cur.parts.join("\n");
      const text = flatten(cur.parts);
      if (text)
        notes.push({
          line: cur.line,
          text,
          headings: [...headings],
          links: [...raw.matchAll(LINK)].map((m) => m[1] ?? ""),
          item: cur.item,
        });
    }
    cur = undefined;
  };
  for (let i = from; i < lines.length; i++) {
    const l = lines[i] ?? "";
    if (FENCE.test(l)) {
      close();
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const h = HEADING.exec(l);
    if (h) {
      close();
      headings.length = Math.min(headings.length, (h[1] ?? "#").length - 1);
      while (headings.length < (h[1] ?? "#").length - 1) headings.push("");
      headings.push(h[2] ?? "");
      continue;
    }
    if (l.trim() === "") {
      close();
      continue;
    }
    const top = BULLET.exec(l);
    if (top && !/^\s/u.test(l)) {
      close();
      cur = { line: i + 1, parts: [l.slice(top[0].length)], item: true };
      continue;
    }
    const nested = BULLET.exec(l.trimStart());
    const part = nested ? l.trimStart().slice(nested[0].length) : l.trim();
    if (cur) cur.parts.push(part);
    else cur = { line: i + 1, parts: [part], item: Boolean(nested) };
  }
  close();
  return notes.map((n) => ({ ...n, headings: n.headings.filter((x) => x !== "") }));
}
