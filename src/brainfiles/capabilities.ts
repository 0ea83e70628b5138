import * as fs from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../package-root.ts";
import { parseToml } from "./lazy.ts";
import { splitFrontmatter } from "./markdown.ts";

export interface Capability {
  kind: "skill" | "command" | "tool";
  name: string;
  description: string;
  source: string;
  /** A skill's SKILL.md. */
  file?: string;
}

export interface FileProblem {
  file: string;
  line: number;
  message: string;
}

/** Skills shipped with the package; a user skill of the same name replaces one of these. */
function builtinSkillsDir(): string | null {
  const root = packageRoot();
  return root ? join(root, "skills") : null;
}

/**
 * A SKILL.md's frontmatter, parsed once per content: every context lists the skills, and a resident server
 * would otherwise parse the same YAML on each one. Keyed by the whole text, so an edited file is parsed again.
 */
const parsed = new Map<string, ReturnType<typeof splitFrontmatter>>();
const PARSED_CAP = 128;
function skillFrontmatter(text: string): ReturnType<typeof splitFrontmatter> {
  let fm = parsed.get(text);
  if (!fm) {
    fm = splitFrontmatter(text);
    if (parsed.size >= PARSED_CAP) parsed.clear();
    parsed.set(text, fm);
  }
  return fm;
}

function skillsIn(dir: string, source: string, problems: FileProblem[]): Capability[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
  const out: Capability[] = [];
  for (const n of names) {
    const file = join(dir, n, "SKILL.md");
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const fm = skillFrontmatter(text);
    if (fm.error) {
      problems.push({ file, ...fm.error });
      continue;
    }
    const name = typeof fm.data.name === "string" && fm.data.name.trim() ? fm.data.name.trim() : undefined;
    const description = typeof fm.data.description === "string" ? fm.data.description.trim() : "";
    if (!name) {
      problems.push({ file, line: 1, message: "SKILL.md frontmatter needs a name" });
      continue;
    }
    out.push({ kind: "skill", name, description, source, file });
  }
  return out;
}

function tomlList(file: string, table: "commands" | "tools", problems: FileProblem[]): Capability[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return [];
  }
  let data: Record<string, unknown>;
  try {
    data = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    problems.push({
      file,
      line: (e as { line?: number }).line ?? 1,
      message: (e as Error).message.split("\n")[0] ?? "bad TOML",
    });
    return [];
  }
  const rows = data[table];
  if (rows === undefined) return [];
  if (!Array.isArray(rows)) {
    problems.push({ file, line: 1, message: `[[${table}]] must be an array of tables` });
    return [];
  }
  const out: Capability[] = [];
  rows.forEach((r, i) => {
    const row = r as Record<string, unknown>;
    if (typeof row.name !== "string" || !row.name.trim()) {
      problems.push({
        file,
        line: lineOfEntry(text, table, i),
        message: `${table} entry ${i + 1} needs a name`,
      });
      return;
    }
    out.push({
      kind: table === "commands" ? "command" : "tool",
      name: row.name.trim(),
      description: typeof row.description === "string" ? row.description.trim() : "",
      source: file,
    });
  });
  return out;
}

function lineOfEntry(text: string, table: string, index: number): number {
  let seen = -1;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] as string).trim() === `[[${table}]]` && ++seen === index) return i + 1;
  }
  return 1;
}

/** Skills (built-in, then user overrides), commands.toml and tools.toml of a brain directory. */
export function loadCapabilities(brainDir: string): { items: Capability[]; problems: FileProblem[] } {
  const problems: FileProblem[] = [];
  const skills = new Map<string, Capability>();
  const builtin = builtinSkillsDir();
  if (builtin) for (const s of skillsIn(builtin, "built-in", problems)) skills.set(s.name, s);
  for (const s of skillsIn(join(brainDir, "skills"), "user", problems)) skills.set(s.name, s);
  const items = [
    ...tomlList(join(brainDir, "commands.toml"), "commands", problems),
    ...[...skills.values()],
    ...tomlList(join(brainDir, "tools.toml"), "tools", problems),
  ];
  return { items, problems };
}

/** A skill by its name (a user skill first, then a built-in one): its SKILL.md, for `load_brain_file`. */
export function findSkill(brainDir: string, name: string): (Capability & { file: string }) | null {
  const n = name.replace(/\.md$/, "");
  const skill = loadCapabilities(brainDir).items.find((c) => c.kind === "skill" && c.name === n && c.file);
  return skill ? (skill as Capability & { file: string }) : null;
}
