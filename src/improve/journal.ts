import * as fs from "node:fs";
import { join } from "node:path";
import { oneLine } from "../core/one-line.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import type { BrainHome } from "../store/home.ts";
import { holdsText, type PurgeTarget, touches } from "../store/purge-target.ts";
import type { Proposal } from "./proposals.ts";

/**
 * What a person reads of the improvement loop, in `.brain/improve/` (seed 004's rsi/ folder):
 *   improvements.md      every proposal and what became of it, newest first — rendered from the proposals log
 *                        (`.brain/proposals.jsonl`, the record) after every change, never edited by hand;
 *   history/             one file per change as it happened (proposed, applied, accepted, rejected, reverted),
 *                        with the text and the diff: the archive `brain proposals revert <id>` works from;
 *   proposed/            a proposed skill, command or tool as the file it would be, to inspect — never run.
 */
export function improveDir(home: BrainHome): string {
  return home.file("improve");
}

const mdLine = (s: string) => oneLine(s).replace(/\|/g, "\\|");

export function renderImprovements(proposals: readonly Proposal[]): string {
  const rows = [...proposals].sort((a, b) => (b.decided ?? b.at).localeCompare(a.decided ?? a.at));
  const out = [
    "# Improvements",
    "",
    "Every change Brain's improvement cycle (and the agent) proposed, and what became of it. Rendered from",
    "`.brain/proposals.jsonl`; review with `brain proposals`, undo an applied one with `brain proposals revert <id>`.",
    "",
    "| when | id | status | where | what | why |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (p) =>
        `| ${(p.decided ?? p.at).slice(0, 16)} | ${p.id} | ${p.status} | ${mdLine(p.target)} | ${mdLine(p.title)} | ${mdLine(p.why).slice(0, 200)} |`,
    ),
  ];
  return `${out.join("\n")}\n`;
}

export function writeImprovements(home: BrainHome, proposals: readonly Proposal[]): void {
  const dir = improveDir(home);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileAtomic(join(dir, "improvements.md"), [renderImprovements(proposals)], { durable: false });
}

/** One change as it happened: `history/<day>-<id>-<op>.md`, written once. */
export function archive(home: BrainHome, p: Proposal, op: string, at: string, diff = ""): string {
  const dir = join(improveDir(home), "history");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${at.slice(0, 10)}-${p.id}-${op}-${at.replace(/[:.]/g, "").slice(11, 17)}.md`);
  const body = [
    `# ${p.id} ${op}: ${oneLine(p.title)}`,
    "",
    `- when: ${at}`,
    `- where: ${p.target} (${p.scope}, ${p.kind})`,
    `- why: ${oneLine(p.why)}`,
    `- source: ${p.source}, drafted by ${p.drafter}`,
    ...(p.cleanupIntent ? [`- cleanup intent: ${oneLine(p.cleanupIntent)}`] : []),
    "",
    "## Evidence",
    ...p.evidence.map(
      (e) =>
        `- ledger line ${e.line}, ${e.at}${e.session ? `, session ${e.session}` : ""}: ${oneLine(e.text)}`,
    ),
    "",
    "## Text",
    "```",
    p.text.replace(/```/g, "ʼʼʼ"),
    "```",
    ...(diff ? ["", "## Diff", "```diff", diff, "```"] : []),
    "",
  ].join("\n");
  writeFileAtomic(file, [body], { durable: false, noClobber: true });
  return file;
}

const EXT: Record<string, string> = { skill: "SKILL.md", command: "commands.toml", tool: "tools.toml" };

/** A proposed skill, command or tool as the file it would be (to inspect; Brain never runs it). */
export function writeProposedFile(home: BrainHome, p: Proposal): string | undefined {
  const ext = EXT[p.kind];
  if (!ext) return undefined;
  const dir = join(improveDir(home), "proposed");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${p.id}.${ext}`);
  writeFileAtomic(file, [p.text.endsWith("\n") ? p.text : `${p.text}\n`], { durable: false });
  return file;
}

/** A purge: the archived and proposed files that hold a forgotten text or name a forgotten session go. */
export function purgeJournal(home: BrainHome, target: PurgeTarget): number {
  let n = 0;
  for (const sub of ["history", "proposed"]) {
    const dir = join(improveDir(home), sub);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const file = join(dir, name);
      let text: string;
      try {
        text = fs.readFileSync(file, "utf8");
      } catch {
        continue;
      }
      const session = [...target.sessions].some((s) => text.includes(`session ${s}`));
      if (session || holdsText(text, target.texts) || touches({ text }, target)) {
        fs.rmSync(file, { force: true });
        n++;
      }
    }
  }
  return n;
}
