import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseToml } from "../brainfiles/lazy.ts";
import { splitFrontmatter } from "../brainfiles/markdown.ts";
import { BrainError } from "../core/errors.ts";
import { appendOrRollback, copyForBackup, writeFileAtomic } from "../store/atomic-file.ts";
import type { Applied, Proposal } from "./proposals.ts";
import type { ImproveBrain } from "./types.ts";

/**
 * Making an accepted (or auto-applied) proposal real, and undoing it. Brain-file appends go through the
 * brain's append-only write path (secrets guarded, under the file's lock: `Brain.writeBrainFile`); removals and
 * rewrites through its rewrite path, which needs the cleanup intent and keeps a backup; a repository's agent
 * file gets a plain append; a skill becomes `skills/<name>/SKILL.md`; a command or a tool is added to
 * commands.toml / tools.toml (the result must still parse) — written as a file, never run by Brain.
 */
function brainDir(brain: ImproveBrain): string {
  const dir = brain.brainDir;
  if (!dir) throw new BrainError("INVALID", "this brain has no directory of brain files");
  return dir;
}

const read = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

const block = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

/** Append to a file outside the brain (a repository's AGENTS.md), whole or not at all. */
function appendToRepoFile(file: string, text: string): void {
  fs.mkdirSync(dirname(file), { recursive: true });
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_APPEND | fs.constants.O_CREAT, 0o644);
  try {
    const size = fs.fstatSync(fd).size;
    let sep = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      fs.readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) sep = "\n";
    }
    appendOrRollback(fd, size, Buffer.from(`${sep}${block(text)}`), basename(file), false);
  } finally {
    fs.closeSync(fd);
  }
}

/** Add a [[commands]] / [[tools]] block to a TOML file; the result must parse and hold the new entry. */
function addToToml(file: string, text: string, table: "commands" | "tools"): void {
  const before = read(file);
  const after = `${before}${before && !before.endsWith("\n") ? "\n" : ""}${before ? "\n" : ""}${block(text)}`;
  let parsed: Record<string, unknown>;
  try {
    parsed = parseToml(after) as Record<string, unknown>;
  } catch (e) {
    throw new BrainError(
      "INVALID",
      `${basename(file)} would not parse with this ${table} entry: ${(e as Error).message.split("\n")[0]}`,
    );
  }
  if (!Array.isArray(parsed[table]))
    throw new BrainError("INVALID", `the proposal is not a [[${table}]] entry`);
  writeFileAtomic(file, [after], { mode: 0o600 });
}

function skillName(p: Proposal): string {
  const fm = splitFrontmatter(p.text);
  const name = typeof fm.data.name === "string" ? fm.data.name.trim() : p.target;
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/i.test(name))
    throw new BrainError("INVALID", `"${name}" is not a skill name`);
  return name;
}

export async function applyProposal(brain: ImproveBrain, p: Proposal): Promise<Applied> {
  switch (p.kind) {
    case "append": {
      if (p.scope === "repo") {
        appendToRepoFile(p.target, p.text);
        return { file: p.target, mode: "append", added: block(p.text) };
      }
      const w = await brain.writeBrainFile(p.target, p.text);
      return { file: join(brainDir(brain), w.name), mode: "append", added: block(p.text) };
    }
    case "skill": {
      const file = join(brainDir(brain), "skills", skillName(p), "SKILL.md");
      if (fs.existsSync(file))
        throw new BrainError("DUPLICATE", `a skill named ${skillName(p)} exists: ${file}`);
      writeFileAtomic(file, [block(p.text)], { noClobber: true, mode: 0o600 });
      return { file, mode: "create", added: block(p.text) };
    }
    case "command":
    case "tool": {
      const file = join(brainDir(brain), p.kind === "command" ? "commands.toml" : "tools.toml");
      addToToml(file, p.text, p.kind === "command" ? "commands" : "tools");
      return { file, mode: "append", added: block(p.text) };
    }
    case "removal":
    case "rewrite": {
      if (!p.cleanupIntent?.trim())
        throw new BrainError("INVALID", `a ${p.kind} needs a cleanup intent`, { field: "cleanupIntent" });
      const file = join(brainDir(brain), p.target);
      const current = read(file);
      const next = p.kind === "rewrite" ? p.text : withoutLine(current, p.text);
      if (next === current)
        throw new BrainError("NOT_FOUND", `${p.target} no longer holds the line to remove`);
      const w = await brain.writeBrainFile(p.target, next, { replace: true, cleanupIntent: p.cleanupIntent });
      return { file, mode: "rewrite", added: p.text, backup: w.backup };
    }
  }
}

/** The text without its last line equal to `line` (compared trimmed). */
export function withoutLine(text: string, line: string): string {
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--)
    if ((lines[i] as string).trim() === line.trim()) {
      lines.splice(i, 1);
      return lines.join("\n");
    }
  return text;
}

/** The text without the last occurrence of `added` (an appended block), or undefined when it is not there. */
function withoutBlock(text: string, added: string): string | undefined {
  const at = text.lastIndexOf(added);
  if (at < 0) return undefined;
  return text.slice(0, at) + text.slice(at + added.length);
}

/** Undo what `applyProposal` did, as far as the files still hold it. */
export async function revertApplied(brain: ImproveBrain, p: Proposal): Promise<Applied> {
  const a = p.applied;
  if (!a) throw new BrainError("INVALID", `${p.id} was not applied: nothing to revert`);
  const intent = `revert improvement ${p.id}`;
  if (p.kind === "removal") {
    await brain.writeBrainFile(p.target, p.text);
    return { file: a.file, mode: "append", added: block(p.text) };
  }
  if (p.kind === "rewrite") {
    if (!a.backup) throw new BrainError("NOT_FOUND", `no copy of ${p.target} before ${p.id} was kept`);
    const w = await brain.writeBrainFile(p.target, read(a.backup), { replace: true, cleanupIntent: intent });
    return { file: a.file, mode: "rewrite", backup: w.backup };
  }
  if (p.kind === "skill") {
    const copy = `${a.file}.reverted-${Date.now()}`;
    copyForBackup(a.file, copy);
    fs.rmSync(a.file, { force: true });
    return { file: a.file, mode: "rewrite", backup: copy };
  }
  const current = read(a.file);
  const next = withoutBlock(current, a.added ?? block(p.text));
  if (next === undefined)
    throw new BrainError(
      "INVALID",
      `${basename(a.file)} no longer holds the text ${p.id} added (edited since?)`,
    );
  if (p.scope === "brain" && p.kind === "append") {
    const w = await brain.writeBrainFile(p.target, next, { replace: true, cleanupIntent: intent });
    return { file: a.file, mode: "rewrite", backup: w.backup };
  }
  writeFileAtomic(a.file, [next], { mode: p.scope === "repo" ? 0o644 : 0o600 });
  return { file: a.file, mode: "rewrite" };
}
