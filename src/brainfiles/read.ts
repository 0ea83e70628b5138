import * as fs from "node:fs";
import { join } from "node:path";
import { CORE_FILES } from "../core/core-files.ts";
import { BrainError } from "../core/errors.ts";
import { type Activation, activationFromFrontmatter } from "./activation.ts";
import { findSkill, loadCapabilities } from "./capabilities.ts";
import { ownsLine, splitFrontmatter, visibleContent } from "./markdown.ts";
import { hardLinked, insideRoot } from "./safe-path.ts";

/** Brain files (seed 004): markdown directives beside brain.jsonl. */
export { CORE_FILES };
export const CONTEXTUAL_FILES = [
  "CODE.md",
  "TOOLS.md",
  "SECURITY.md",
  "MEMORY.md",
  "BOOT.md",
  "HEARTBEAT.md",
] as const;

export interface BrainFile {
  name: string;
  kind: "core" | "contextual" | "user-created" | "skill";
  mode: Activation;
  globs: string[];
  description: string | undefined;
  owns: string | undefined;
  bytes: number;
  /** Content as the agent sees it (Owns header and empty sections removed). */
  content: string;
  problem?: { line: number; message: string };
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.md$/;

function kindOf(name: string): BrainFile["kind"] {
  if ((CORE_FILES as readonly string[]).includes(name)) return "core";
  if ((CONTEXTUAL_FILES as readonly string[]).includes(name)) return "contextual";
  return "user-created";
}

function readBrainFile(dir: string, name: string): BrainFile | null {
  const path = join(dir, name);
  if (!insideRoot(dir, path) || hardLinked(path)) return null;
  let text: string;
  try {
    if (!fs.statSync(path).isFile()) return null;
    text = fs.readFileSync(path, "utf8");
  } catch {
    return null;
  }
  const kind = kindOf(name);
  const fm = splitFrontmatter(text);
  const act = activationFromFrontmatter(fm.data, kind === "core" ? "always" : "agent");
  return {
    name,
    kind,
    ...act,
    owns: ownsLine(fm.body),
    bytes: Buffer.byteLength(text),
    content: visibleContent(fm.body),
    ...(fm.error ? { problem: fm.error } : {}),
  };
}

/** Every brain file in `dir` (not recursive; symlinks leading outside are ignored). */
export function listBrainFiles(dir: string): BrainFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => NAME.test(n));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((n) => readBrainFile(dir, n))
    .filter((f): f is BrainFile => f !== null);
}

/** Validate a brain file name: names only (no paths), `.md` added when missing. */
export function brainFileName(name: string): string {
  // `CODE.txt` is a wrong extension, not a name to turn into `CODE.txt.md`.
  if (/\.[A-Za-z0-9]{1,8}$/.test(name) && !name.endsWith(".md")) {
    throw new BrainError(
      "INVALID",
      `"${name}" is not a brain file name: brain files are Markdown, e.g. CODE.md`,
      {
        field: "name",
      },
    );
  }
  const n = name.endsWith(".md") ? name : `${name}.md`;
  if (!NAME.test(n) || n.includes("..")) {
    throw new BrainError(
      "INVALID",
      `"${name}" is not a brain file name: use a name like CODE.md (no paths)`,
      { field: "name" },
    );
  }
  return n;
}

/**
 * `load_brain_file`: one file by name, refusing traversal and symlinks out of the directory; else a skill by
 * its name (`memory-consolidate`: its SKILL.md, a user skill before a built-in one).
 */
export function loadBrainFile(dir: string, name: string): BrainFile {
  const n = brainFileName(name);
  const f = readBrainFile(dir, n) ?? readSkill(dir, name);
  if (!f) {
    const skills = loadCapabilities(dir)
      .items.filter((c) => c.kind === "skill")
      .map((c) => `skill ${c.name}`);
    const available = [...listBrainFiles(dir).map((b) => b.name), ...skills];
    throw new BrainError(
      "NOT_FOUND",
      `No brain file "${n}"${available.length ? ` (available: ${available.join(", ")})` : ""}`,
    );
  }
  return f;
}

function readSkill(dir: string, name: string): BrainFile | null {
  const skill = findSkill(dir, name);
  if (!skill) return null;
  let text: string;
  try {
    text = fs.readFileSync(skill.file, "utf8");
  } catch {
    return null;
  }
  return {
    name: skill.name,
    kind: "skill",
    mode: "manual",
    globs: [],
    description: skill.description || undefined,
    owns: undefined,
    bytes: Buffer.byteLength(text),
    content: splitFrontmatter(text).body.trim(),
  };
}
