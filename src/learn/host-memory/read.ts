import * as fs from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type ParseError, parse } from "jsonc-parser";
import { BEGIN, END } from "../../project/export-rules.ts";
import { DEFAULT_MAX_CHARS } from "../extract/schema.ts";
import { flatten, frontMatter, type MdNote, markdownNotes } from "./markdown.ts";

/**
 * Each host's own memory, read as a source (issue 29, "Beside the host's own memory"). Brain only reads these
 * files, never writes or moves them. Formats, as built against (looked up 2026-11):
 *  - Claude Code auto memory (2.1.x): `<claudeDir>/projects/<slug>/memory/` — `MEMORY.md`, an index whose lines
 *    point at topic files (`- [Title](file.md) — hook`), and one topic file per memory with a front matter
 *    (`name`, `description`, `type: user|feedback|project|reference`). The slug is the project's git root (or
 *    directory) with every character outside [a-zA-Z0-9] replaced by `-`; past 200 characters it is cut and a
 *    hash appended. `autoMemoryDirectory` (settings) moves the directory.
 *  - Codex memories (`[features] memories = true`): `<CODEX_HOME>/memories/` — `memory_summary.md` (profile,
 *    general tips, an index "What's in Memory") and `MEMORY.md` (`# Task Group:` blocks, `### learnings`
 *    lists, `### rollout_summary_files` / `### keywords` metadata). raw_memories.md and rollout_summaries/ are
 *    Codex's working material, not read.
 *  - Gemini CLI: the `## Gemini Added Memories` section `save_memory` appends to in `~/.gemini/GEMINI.md`, and
 *    the private project memory `~/.gemini/tmp/<project>/memory/` (MEMORY.md index + sibling notes; earlier
 *    `~/.gemini/memory/<project>/GEMINI.md`). The `.inbox/` patches are proposals Gemini has not applied: not read.
 */
export const MEMORY_HOSTS = ["claude", "codex", "gemini"] as const;
export type MemoryHost = (typeof MEMORY_HOSTS)[number];

export interface HostMemoryPlaces {
  /** Claude Code's config directory (CLAUDE_CONFIG_DIR, else ~/.claude). */
  claudeDir: string;
  /** CODEX_HOME, else ~/.codex. */
  codexDir: string;
  /** ~/.gemini. */
  geminiDir: string;
  homeDir: string;
}

export interface HostNote {
  host: MemoryHost;
  file: string;
  line: number;
  text: string;
  type: "learning" | "preference";
  /** The project directory the note belongs to, when it can be told. */
  project?: string;
}

export interface HostFile {
  host: MemoryHost;
  file: string;
  /** The file's size and modification time when read: a file with the same stamp is not read again. */
  stamp: string;
  /** Its stamp is the one `seen` gave: not read, no notes. */
  unchanged?: boolean;
  notes: HostNote[];
  /** Why the file was passed over (too big). */
  skipped?: string;
}

export interface ReadOptions {
  /** The project the command runs in (its repository root): notes of its Claude Code slug are tagged with it. */
  projectRoot?: string;
  /** A file bigger than this is passed over, never loaded whole. */
  maxFileBytes: number;
  /** A note longer than this is cut (with …). */
  maxNoteChars?: number;
  /** file → the stamp it had when last read: such a file is not read again. */
  seen?: Record<string, string>;
}

/** Claude Code's directory name under `projects/` for a project path. */
export function claudeProjectSlug(path: string): string {
  return path.replace(/[^a-zA-Z0-9]/gu, "-");
}

function slugMatches(dir: string, project: string): boolean {
  const slug = claudeProjectSlug(project);
  return slug.length <= 200 ? dir === slug : dir.startsWith(`${slug.slice(0, 200)}-`);
}

const list = (dir: string): string[] => {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
};
const mdFiles = (dir: string) => list(dir).filter((f) => f.toLowerCase().endsWith(".md"));

function load(host: MemoryHost, file: string, o: ReadOptions): { text: string; out: HostFile } | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return undefined;
  }
  if (!st.isFile()) return undefined;
  const stamp = `${st.size}:${st.mtimeMs}`;
  if (o.seen?.[file] === stamp) return { text: "", out: { host, file, stamp, notes: [], unchanged: true } };
  if (st.size > o.maxFileBytes)
    return { text: "", out: { host, file, stamp, notes: [], skipped: `over ${o.maxFileBytes} bytes` } };
  return { text: withoutBrainSection(fs.readFileSync(file, "utf8")), out: { host, file, stamp, notes: [] } };
}

/**
 * The text with Brain's own exported section (`brain install <host> --export`, between Brain's markers) blanked
 * out, line for line (the lines after it keep their numbers): Brain never reads its own export back as the
 * host's memory.
 */
export function withoutBrainSection(text: string): string {
  const b = text.indexOf(BEGIN.slice(0, 16));
  if (b < 0) return text;
  const e = text.indexOf(END, b);
  const stop = e < 0 ? text.length : e + END.length;
  return (
    text.slice(0, b) + text.slice(b, stop).replace(/[^\n]/gu, "") + withoutBrainSection(text.slice(stop))
  );
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function note(
  host: MemoryHost,
  file: string,
  n: { line: number; text: string },
  type: HostNote["type"],
  o: ReadOptions,
  project?: string,
): HostNote {
  return {
    host,
    file,
    line: n.line,
    text: cut(n.text, o.maxNoteChars ?? DEFAULT_MAX_CHARS * 5),
    type,
    ...(project ? { project } : {}),
  };
}

/** An index line of a memory directory: a list item pointing at a note file that is there (read on its own). */
const pointsAtNote = (n: MdNote, dir: string) =>
  n.item && n.links.some((l) => !/^[a-z]+:/iu.test(l) && fs.existsSync(resolve(dir, l)));

/** A memory directory of topic files (Claude Code's, Gemini's private project memory). */
function readNoteDir(host: MemoryHost, dir: string, o: ReadOptions, project?: string): HostFile[] {
  const out: HostFile[] = [];
  for (const name of mdFiles(dir)) {
    const file = join(dir, name);
    const got = load(host, file, o);
    if (!got) continue;
    out.push(got.out);
    if (got.out.skipped || got.out.unchanged) continue;
    const lines = got.text.split(/\r?\n/u);
    const fm = frontMatter(lines);
    if (fm.bodyStart > 0) {
      // One memory per topic file: its body is the note, its type says learning or preference.
      const body = lines.slice(fm.bodyStart);
      const first = body.findIndex((l) => l.trim() !== "");
      const text = flatten(body.map((l) => l.replace(/^\s*([-*+]|\d+[.)])\s+/u, "").replace(/^#+\s*/u, "")));
      const t = fm.fields.type ?? "";
      const type = t === "user" || t === "feedback" ? "preference" : "learning";
      if (text)
        got.out.notes.push(note(host, file, { line: fm.bodyStart + first + 1, text }, type, o, project));
      continue;
    }
    for (const n of markdownNotes(got.text))
      if (!pointsAtNote(n, dir)) got.out.notes.push(note(host, file, n, "learning", o, project));
  }
  return out;
}

function readClaude(p: HostMemoryPlaces, o: ReadOptions): HostFile[] {
  const projects = join(p.claudeDir, "projects");
  const out: HostFile[] = [];
  for (const slug of list(projects)) {
    const project = o.projectRoot && slugMatches(slug, o.projectRoot) ? o.projectRoot : undefined;
    out.push(...readNoteDir("claude", join(projects, slug, "memory"), o, project));
  }
  const moved = claudeMemoryDirSetting(p);
  if (moved && !out.some((f) => dirname(f.file) === moved))
    out.push(...readNoteDir("claude", moved, o, o.projectRoot));
  return out;
}

/** `autoMemoryDirectory` in Claude Code's user settings (absolute or `~/`), when set. */
export function claudeMemoryDirSetting(p: HostMemoryPlaces): string | undefined {
  const v = readJsonObject(join(p.claudeDir, "settings.json"))?.autoMemoryDirectory;
  if (typeof v !== "string" || v === "") return undefined;
  return v.startsWith("~/") ? join(p.homeDir, v.slice(2)) : resolve(v);
}

/** A JSON (or JSONC: Gemini CLI takes comments) object file, or undefined when it is missing or not an object. */
export function readJsonObject(file: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const errors: ParseError[] = [];
  const v: unknown = parse(text, errors, { allowTrailingComma: true });
  return !errors.length && v && typeof v === "object" && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

const CODEX_META = /^(scope|applies_to|cwd|rollout_path|updated_at|thread_id|keywords|task_outcome):/iu;
const CODEX_SKIP =
  /^(rollout_summary_files|keywords|what's in memory|recent active memory window.*|older memory topics)$/iu;

function readCodex(p: HostMemoryPlaces, o: ReadOptions): HostFile[] {
  const dir = join(p.codexDir, "memories");
  const out: HostFile[] = [];
  for (const name of ["memory_summary.md", "MEMORY.md"]) {
    const file = join(dir, name);
    const got = load("codex", file, o);
    if (!got) continue;
    out.push(got.out);
    // A task group's `applies_to: cwd=<dir>` names the project its notes belong to.
    let group = "";
    let cwd: string | undefined;
    for (const n of got.out.skipped || got.out.unchanged ? [] : markdownNotes(got.text)) {
      const g = n.headings.find((h) => /^task group:/iu.test(h.trim())) ?? "";
      if (g !== group) [group, cwd] = [g, undefined];
      const at = /applies_to:\s*cwd=([^\s;,]+)/iu.exec(n.text)?.[1];
      if (at?.startsWith("/")) cwd = at;
      if (n.headings.some((h) => CODEX_SKIP.test(h.trim())) || CODEX_META.test(n.text)) continue;
      const pref = n.headings.some((h) => /preference|user profile/iu.test(h));
      got.out.notes.push(note("codex", file, n, pref ? "preference" : "learning", o, cwd));
    }
  }
  return out;
}

const GEMINI_SECTION = "Gemini Added Memories";

/** The file names Gemini CLI loads as context (`context.fileName`: a name or a list; default GEMINI.md). */
function geminiFileNames(p: HostMemoryPlaces): string[] {
  const ctx = readJsonObject(join(p.geminiDir, "settings.json"))?.context as
    | { fileName?: unknown }
    | undefined;
  const v = ctx?.fileName;
  const names = typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  return names.length ? names.map((n) => basename(n)) : ["GEMINI.md"];
}

function readGemini(p: HostMemoryPlaces, o: ReadOptions): HostFile[] {
  const out: HostFile[] = [];
  for (const name of geminiFileNames(p)) {
    const file = join(p.geminiDir, name);
    const got = load("gemini", file, o);
    if (!got) continue;
    out.push(got.out);
    for (const n of got.out.skipped || got.out.unchanged ? [] : markdownNotes(got.text))
      if (n.headings.at(-1)?.trim() === GEMINI_SECTION)
        got.out.notes.push(note("gemini", file, n, "learning", o));
  }
  // The private project memory, and where it lived before (gemini-cli PR 24542 moved it under tmp/).
  for (const id of list(join(p.geminiDir, "tmp"))) {
    const root = readProjectRoot(join(p.geminiDir, "tmp", id, ".project_root"));
    out.push(...readNoteDir("gemini", join(p.geminiDir, "tmp", id, "memory"), o, root));
  }
  for (const id of list(join(p.geminiDir, "memory")))
    out.push(...readNoteDir("gemini", join(p.geminiDir, "memory", id), o));
  return out;
}

function readProjectRoot(file: string): string | undefined {
  try {
    const t = fs.readFileSync(file, "utf8").trim();
    return t.startsWith("/") ? t : undefined;
  } catch {
    return undefined;
  }
}

/** Every memory file of `host` with the notes in it. */
export function readHostMemory(host: MemoryHost, p: HostMemoryPlaces, o: ReadOptions): HostFile[] {
  if (host === "claude") return readClaude(p, o);
  if (host === "codex") return readCodex(p, o);
  return readGemini(p, o);
}
