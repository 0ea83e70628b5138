import { parseYaml } from "./lazy.ts";
import { simpleYaml } from "./simple-yaml.ts";

export interface Frontmatter {
  data: Record<string, unknown>;
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  error?: { line: number; message: string };
}

/** Split `---` YAML frontmatter from a markdown file. A broken block is reported, never thrown. */
export function splitFrontmatter(text: string): Frontmatter {
  const src = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  if (!src.startsWith("---\n")) return { data: {}, body: src, bodyLine: 1 };
  const end = src.indexOf("\n---", 4);
  if (end < 0)
    return {
      data: {},
      body: src,
      bodyLine: 1,
      error: { line: 1, message: "frontmatter is not closed with ---" },
    };
  const yamlText = src.slice(4, end);
  const afterFence = src.indexOf("\n", end + 4);
  const body = afterFence < 0 ? "" : src.slice(afterFence + 1);
  const bodyLine = yamlText.split("\n").length + 3;
  try {
    const data = (simpleYaml(yamlText) ?? parseYaml(yamlText)) as unknown;
    if (data === null || data === undefined) return { data: {}, body, bodyLine };
    if (typeof data !== "object" || Array.isArray(data)) {
      return { data: {}, body, bodyLine, error: { line: 2, message: "frontmatter must be a mapping" } };
    }
    return { data: data as Record<string, unknown>, body, bodyLine };
  } catch (e) {
    const line = (e as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    return {
      data: {},
      body,
      bodyLine,
      error: { line: (line ?? 1) + 1, message: (e as Error).message.split("\n")[0] ?? "bad YAML" },
    };
  }
}

/** The `> Owns:` (or `> **Owns:**`) line of a brain file, without the markup. */
export function ownsLine(body: string): string | undefined {
  for (const line of body.split("\n")) {
    const m = /^>\s*(?:\*\*)?Owns:(?:\*\*)?\s*(.*)$/.exec(line.trim());
    if (m) return (m[1] ?? "").trim();
  }
  return undefined;
}

/**
 * The file's content as the agent should see it: the `> Owns:` header removed, and every section whose
 * heading has no body (only blank lines before the next heading of the same or higher level) stripped.
 */
export function visibleContent(body: string): string {
  const lines = body.split("\n").filter((l) => !/^>\s*(?:\*\*)?Owns:/.test(l.trim()));
  const keep = new Array<boolean>(lines.length).fill(true);
  const level = (l: string) => /^(#{1,6})\s/.exec(l)?.[1]?.length ?? 0;
  // Walk headings from the deepest outwards so a parent whose children were all empty goes too.
  for (let pass = 0; pass < 6; pass++) {
    for (let i = 0; i < lines.length; i++) {
      const h = level(lines[i] as string);
      if (!h || !keep[i]) continue;
      let hasBody = false;
      for (let j = i + 1; j < lines.length; j++) {
        if (!keep[j]) continue;
        const hj = level(lines[j] as string);
        if (hj && hj <= h) break;
        if ((lines[j] as string).trim() !== "") {
          hasBody = true;
          break;
        }
      }
      if (!hasBody) keep[i] = false;
    }
  }
  const out = lines.filter((_, i) => keep[i]).join("\n");
  return out.replace(/\n{3,}/g, "\n\n").trim();
}

/**
 * Frontmatter as rule files of other tools write it even when it is not YAML — Cursor's unquoted
 * `globs: **\/*.ts, *.tsx` (a plain `*` starts a YAML alias): `key: value` lines, `- item` lines under a
 * key, `true` / `false`. Null when the block has a line of any other shape.
 */
export function lenientFrontmatter(text: string): Record<string, unknown> | null {
  const src = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  if (!src.startsWith("---\n")) return null;
  const end = src.indexOf("\n---", 4);
  if (end < 0) return null;
  const unquote = (v: string) => v.trim().replace(/^(["'])(.*)\1$/, "$2");
  const data: Record<string, unknown> = {};
  let last: string | undefined;
  for (const line of src.slice(4, end).split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && last !== undefined) {
      const prev = data[last];
      data[last] = [...(Array.isArray(prev) ? prev : []), unquote(item[1] ?? "")];
      continue;
    }
    const kv = /^([A-Za-z_][\w-]*)\s*:(.*)$/.exec(line);
    if (!kv) return null;
    last = kv[1] as string;
    const v = (kv[2] ?? "").trim();
    data[last] = v === "" ? null : v === "true" ? true : v === "false" ? false : unquote(v);
  }
  return data;
}
