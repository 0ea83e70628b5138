import * as fs from "node:fs";
import { errorSignature, normaliseCommand, SAME_FAILURE, similarity } from "../core/failure-signature.ts";
import { oneLine } from "../core/one-line.ts";
import type { BrainHome } from "../store/home.ts";
import type { EditChange, FailureEntry, FailureIndexDoc } from "./failure-fold.ts";

/**
 * "You have seen this before": what the failure hook answers when a tool call fails the way an earlier one
 * did (same tool, same normalised command, a similar error — the same project first) and something is known
 * about it: the call that passed after it, the correction the user gave, the rule the user accepted. Framed
 * as information, cited (when, which session), short. On the hooks' fast path: it reads the small failure
 * index (`.brain/failure-index.json`, src/improve/failure-index.ts) and nothing else; no index, no match or an
 * unreadable file: no answer.
 */
export interface FailedCall {
  tool: string;
  /** The tool's kind (src/hooks/tool-event.ts): a command's target is normalised, other tools' are not. */
  kind: string;
  /** The command, path … the call was about (the tool event's target). */
  target?: string;
  error?: string;
  project?: string;
}

/** The heading of a failure hint (the e2e test and the bench look for it). */
export const FAILURE_HINT_HEADER = "Brain: this failure happened before";

/** How similar another project's failure (or another run of the same program) must be for its fix to be shown. */
const NEARLY_SAME = 0.8;

/** What an entry knows that helps: a fix that changed something, a correction, a rule. */
const helps = (e: FailureEntry) => Boolean(e.rule || e.correction || (e.fix && e.fix.kind !== "retry"));

/** An entry as the file holds it is data: one of the wrong shape is passed over. */
const wellFormed = (e: FailureEntry) =>
  typeof e === "object" &&
  e !== null &&
  typeof e.tool === "string" &&
  typeof e.cmd === "string" &&
  typeof e.sig === "string" &&
  typeof e.count === "number" &&
  typeof e.last?.at === "string";

const program = (cmd: string) => cmd.split(" ")[0] ?? "";

/**
 * The earlier failures like this one that say something useful, best first (same project, same command, most
 * similar). The same command with a similar error; or — in the same project — the same program run with other
 * arguments failing nearly word for word the same way (`npm install zod` after `npm install`, `pytest
 * tests/dedup` after `pytest tests/features`: a mistake rarely comes back with the same arguments).
 */
export function matchFailure(index: Pick<FailureIndexDoc, "entries">, call: FailedCall): FailureEntry[] {
  const cmd = call.kind === "command" && call.target ? normaliseCommand(call.target) : "";
  const sig = errorSignature(call.error ?? "");
  const scored: { e: FailureEntry; sim: number; here: boolean; same: boolean }[] = [];
  for (const e of index.entries) {
    // A command is the same command whichever host ran it (Claude Code's Bash, Codex's shell, Gemini CLI's
    // run_shell_command): what Codex learned on Monday answers Copilot on Tuesday. Other tools by name.
    if (!wellFormed(e) || (cmd === "" && e.tool !== call.tool) || !helps(e)) continue;
    const same = e.cmd === cmd;
    const here = (e.project ?? "") === (call.project ?? "");
    if (!same && !(here && cmd !== "" && program(e.cmd) === program(cmd))) continue;
    const sim = similarity(e.sig, sig);
    // Another project's fix, or another run of the program, may not be this one's: only for the same error,
    // nearly word for word.
    if (sim < (same && here ? SAME_FAILURE : NEARLY_SAME)) continue;
    scored.push({ e, sim, here, same });
  }
  scored.sort(
    (a, b) =>
      Number(b.here) - Number(a.here) ||
      Number(b.same) - Number(a.same) ||
      b.sim - a.sim ||
      Date.parse(b.e.last.at) - Date.parse(a.e.last.at),
  );
  return scored.map((s) => s.e);
}

const day = (at: string) => at.slice(0, 10);
const when = (at: string, session?: string) =>
  `${day(at)}${session ? `, session ${oneLine(session).slice(0, 12)}` : ""}`;
const code = (s: string, max: number) => `\`${oneLine(s).replace(/`/g, "'").slice(0, max)}\``;
const quote = (s: string, max: number) => `"${oneLine(s).replace(/"/g, "'").slice(0, max)}"`;

/** Characters of each side of an edit's change a hint quotes, and of all the edits it names. */
const CHANGE_CHARS = 80;
const EDITS_CHARS = 360;

/**
 * The files edited before the call that passed, each with its change when the index kept one
 * ("`src/x.ts`: `foo(` → `foo(await `"); a change that would run the line over EDITS_CHARS is left out.
 */
function editsText(paths: readonly string[], changes: readonly EditChange[] = []): string {
  const out: string[] = [];
  let used = 0;
  for (const p of paths) {
    const c = Array.isArray(changes)
      ? changes.find((x) => x?.path === p && typeof x.after === "string")
      : undefined;
    const bare = code(p, 80);
    const change = c
      ? `${bare}: ${typeof c.before === "string" && c.before ? `${code(c.before, CHANGE_CHARS)} → ` : "→ "}${code(c.after as string, CHANGE_CHARS)}`
      : bare;
    const item = used + change.length <= EDITS_CHARS ? change : bare;
    out.push(item);
    used += item.length + 2;
  }
  return out.join(", ");
}

/** The hint for the best match (and the project it was in when not this one), at most `maxChars`. */
export function failureHint(matches: readonly FailureEntry[], call: FailedCall, maxChars = 800): string {
  const e = matches[0];
  if (!e) return "";
  const what = e.cmd ? code(e.last.target ?? e.cmd, 120) : `${oneLine(e.tool)} call`;
  const where =
    (e.project ?? "") === (call.project ?? "")
      ? "in this project"
      : `in ${oneLine(e.project ?? "another project")}`;
  const lines = [
    `${FAILURE_HINT_HEADER} (information from earlier sessions, not an instruction):`,
    `- ${what} failed like this ${e.count} time(s) ${where} (last ${when(e.last.at, e.last.session)}).`,
  ];
  if (e.fix && e.fix.kind !== "retry") {
    const edits = e.fix.edits?.length ? `after editing ${editsText(e.fix.edits, e.fix.changes)}, ` : "";
    lines.push(`- What passed then: ${edits}${code(e.fix.what, 160)} (${when(e.fix.at, e.fix.session)}).`);
  }
  if (e.correction)
    lines.push(
      `- The user said then: ${quote(e.correction.text, 200)} (${when(e.correction.at, e.correction.session)}).`,
    );
  if (e.rule)
    lines.push(
      `- Accepted rule (${oneLine(e.rule.file)}, ${day(e.rule.at)}): ${oneLine(e.rule.text).slice(0, 240)}`,
    );
  let out = "";
  for (const l of lines) {
    if (out.length + l.length + 1 > maxChars) break;
    out += (out ? "\n" : "") + l;
  }
  return lines.length > 2 && out.split("\n").length > 2 ? out : "";
}

/** The failure index as the hook reads it: the file, parsed, or null (missing, unreadable, not one). */
export function readIndexFile(home: BrainHome): Pick<FailureIndexDoc, "entries"> | null {
  let text: string;
  try {
    text = fs.readFileSync(home.file("failureIndex"), "utf8");
  } catch {
    return null;
  }
  try {
    const v = JSON.parse(text) as { entries?: unknown };
    return Array.isArray(v.entries) ? { entries: v.entries as FailureEntry[] } : null;
  } catch {
    return null;
  }
}

/** The hook's answer to a failed call: the hint, or "" when nothing earlier helps. */
export function failureAnswer(home: BrainHome, call: FailedCall, maxChars?: number): string {
  const index = readIndexFile(home);
  if (!index || index.entries.length === 0) return "";
  return failureHint(matchFailure(index, call), call, maxChars);
}
