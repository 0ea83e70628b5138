/** Shared fixtures for the context tests: temp brains with a fixed clock, a representative brain, the CLI. */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { BaseEntry } from "../../src/core/types.ts";
import { Brain } from "../../src/engine/brain.ts";
import { entriesAt } from "../support/entries.ts";
import { cleanEnv } from "../support/env.ts";
import { assertBuilt, BIN, type CliResult, ROOT, spawnProcessSync } from "../support/spawn.ts";

export const NOW = new Date("2026-03-01T12:00:00Z");
export const now = () => new Date(NOW.getTime());
const DAY = 86_400_000;
export const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();

export { BIN, ROOT };

export interface TempBrain {
  /** Temp root (everything of this test lives in it). */
  root: string;
  /** Brain directory (holds brain.jsonl and the brain files). */
  dir: string;
  path: string;
  brain: Brain;
}

/** A fresh directory under os.tmpdir(), symlinks resolved (so paths compare equal to realpath output). */
export function tempRoot(prefix = "bctx-"): string {
  return fs.realpathSync(fs.mkdtempSync(join(tmpdir(), prefix)));
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const p = join(dir, name);
    fs.mkdirSync(dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
}

export function openBrain(path: string, cwd: string): Brain {
  return Brain.open({ path, seedDefault: false, now, cwd, snapshot: false });
}

/** A brain at <root>/brain/brain.jsonl holding exactly `entries`, plus the given brain files. */
export function tempBrain(
  entries: BaseEntry[],
  files: Record<string, string> = {},
  opts: { cwd?: string; root?: string } = {},
): TempBrain {
  const root = opts.root ?? tempRoot();
  const dir = join(root, "brain");
  fs.mkdirSync(dir, { recursive: true });
  const path = join(dir, "brain.jsonl");
  fs.writeFileSync(path, entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
  writeFiles(dir, files);
  return { root, dir, path, brain: openBrain(path, opts.cwd ?? root) };
}

export function cleanup(t: { root: string }): void {
  fs.rmSync(t.root, { recursive: true, force: true });
}

export const { identity, user, behavior, preference, context, learning, task } = entriesAt(daysAgo(1));

/** The project directory golden output shows (real runs use a temp dir of exactly this length). */
export const CANONICAL_REPO = "/home/ada/src/github.com/ada-lovelace/agent-memory-lab/brain-engine";

/**
 * A real directory under `root` whose absolute path is exactly as long as CANONICAL_REPO, so output
 * normalised by replacing one with the other keeps every length — and so every budget decision — intact.
 */
export function canonicalLengthDir(root: string): string {
  const pad = CANONICAL_REPO.length - root.length - 1;
  if (pad < 1) throw new Error(`temp dir ${root} is too long for golden normalisation (TMPDIR too deep)`);
  const dir = join(root, "r".repeat(pad));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Identity, user, default-like behaviours, preferences in two categories, a project context for
 *  `projectDir`, learnings (manual / project-scoped / other project / old / plain) and a pending task. */
export function representativeEntries(projectDir: string = CANONICAL_REPO): BaseEntry[] {
  return [
    identity("name", "rho"),
    identity("role", "A persistent coding agent with memory"),
    user("name", "Ada"),
    user("timezone", "Europe/Berlin"),
    behavior("b0000001", "do", "Be direct — skip filler, get to the point"),
    behavior("b0000002", "do", "Take a position when asked for one, and say why"),
    behavior("b0000006", "dont", "Use performative phrases like 'Great question!'"),
    behavior("b0000007", "dont", "Bury the answer under caveats"),
    behavior("b0000009", "value", "Clarity over diplomacy"),
    behavior("b0000010", "value", "Brevity for simple things, depth for hard ones"),
    preference("p1", "Code", "Prefers early returns over nested ifs"),
    preference("p2", "Code", "Strict TypeScript, no any"),
    preference("p3", "Communication", "Short answers, no bullet-point walls"),
    context(
      "ctx1",
      "brain-engine",
      projectDir,
      "TypeScript, Node 20, ESM.\nRun tests with node --test.\nNever edit dist/ by hand.",
    ),
    context("ctx2", "home", "/home/ada", "Ada's home directory: dotfiles live in ~/dotfiles."),
    learning("l-new", "The bench needs a warm cache before timing", { created: daysAgo(2) }),
    learning("l-manual", "Ada signs commits with her work key", { created: daysAgo(30), source: "manual" }),
    learning("l-proj", "This repo uses npm, not pnpm", {
      created: daysAgo(20),
      scope: "project",
      projectPath: projectDir,
    }),
    learning("l-other", "The other repo pins Node 18", {
      created: daysAgo(3),
      scope: "project",
      projectPath: "/home/ada/projects/other",
    }),
    learning("l-old", "Old CI used Travis", { created: daysAgo(120) }),
    task("t-1", "Write the context golden tests", { priority: "high", due: "2026-03-05" }),
    task("t-done", "Set up the repository", { status: "done", completedAt: daysAgo(5) }),
  ];
}

/** SOUL with content (and one empty section), USER as a bare template, AGENTS with a rule, CODE contextual. */
export const REPRESENTATIVE_FILES: Record<string, string> = {
  "SOUL.md":
    "# SOUL\n\n> **Owns:** personality and voice — how the agent sounds\n\n## Voice\n\nDry, precise, warm underneath.\n\n## Character\n",
  "USER.md": "# USER\n\n> **Owns:** facts about the user\n\n## About\n\n## Working style\n",
  "AGENTS.md":
    "# AGENTS\n\n> **Owns:** hard rules and safety gates\n\n## Never\n\nNever push to main without green tests.\n",
  "CODE.md": "# CODE\n\n> **Owns:** coding standards — style, structure\n\n## Style\n\nTwo-space indent.\n",
};

/** Run the built CLI (dist/cli/brain.cjs) synchronously with a clean environment and a pinned clock. */
export function cli(
  args: string[],
  opts: { brainPath: string; cwd: string; home: string; input?: string },
): CliResult {
  assertBuilt();
  const env = cleanEnv({
    HOME: opts.home,
    BRAIN_PATH: opts.brainPath,
    BRAIN_NOW: NOW.toISOString(),
    BRAIN_FSYNC: "0",
    BRAIN_SNAPSHOT: "0",
  });
  return spawnProcessSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd,
    env,
    ...(opts.input !== undefined ? { stdin: opts.input } : {}),
  });
}
