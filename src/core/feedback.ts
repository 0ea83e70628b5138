import { TOOL_KINDS, TOOL_OUTCOMES, type ToolKind, type ToolOutcome } from "./tool-event.ts";

/**
 * One line of the feedback ledger (`.brain/feedback.jsonl`, seed 004 §3.7's `feedback.db`): what went right and
 * wrong across sessions, the improvement cycle's data source (src/improve/). Pure: the record and its line
 * check, so every reader and writer checks lines alike.
 *
 *   tool            a tool call's outcome, READ from the tool-event log (src/improve/ledger.ts keeps a cursor;
 *                   a tool call is captured once, by the hooks). Commands carry `cmd`, their normalised head
 *                   (shell frequency), failures `sig`, their error signature (src/core/failure-signature.ts).
 *   correction      the user corrected the agent: the learner's correction detector, or an explicit "no, …".
 *   provider-error  the learner's model call failed (rate limit, server, malformed answer).
 *   self-heal       Brain mended something by itself (a model answer repaired, a bad state file set aside).
 * Texts are capped and redacted by their writer; session and project say where it happened.
 */
export const FEEDBACK_KINDS = ["tool", "correction", "provider-error", "self-heal"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export interface FeedbackRecord {
  at: string;
  kind: FeedbackKind;
  session?: string;
  /** The repository (or directory) it happened in. */
  project?: string;
  host?: string;
  /** tool: the tool's name, its kind, outcome, target (command, path …), error excerpt and exit code. */
  tool?: string;
  toolKind?: ToolKind;
  outcome?: ToolOutcome;
  target?: string;
  error?: string;
  exit?: number;
  /** tool, commands only: the normalised command (program and subcommand; src/core/failure-signature.ts). */
  cmd?: string;
  /** tool, failures only: the error's signature. */
  sig?: string;
  /** tool, edits only: the change's excerpt (the text replaced, the new text; src/core/tool-event.ts). */
  before?: string;
  after?: string;
  /** correction, provider-error, self-heal: what was said or what happened (capped, redacted). */
  text?: string;
  /** Who reported it: "tool-events", "detector", "explicit", "learner", a provider's name … */
  source?: string;
  /** Where it came from (the host's id of a tool call, an exchange id). */
  ref?: string;
}

const STRINGS = [
  "session",
  "project",
  "host",
  "tool",
  "target",
  "error",
  "cmd",
  "sig",
  "before",
  "after",
  "text",
  "source",
  "ref",
] as const;

/** A line's object as a feedback record, or why it is not one. Fields it does not know are left out. */
export function checkFeedback(v: Record<string, unknown>): FeedbackRecord | { problem: string } {
  if (typeof v.at !== "string" || Number.isNaN(Date.parse(v.at)))
    return { problem: `"at" must be a time (got ${JSON.stringify(v.at)})` };
  if (!FEEDBACK_KINDS.includes(v.kind as FeedbackKind))
    return { problem: `"kind" must be one of ${FEEDBACK_KINDS.join(", ")}` };
  for (const k of STRINGS)
    if (v[k] !== undefined && typeof v[k] !== "string") return { problem: `"${k}" must be a string` };
  if (v.toolKind !== undefined && !TOOL_KINDS.includes(v.toolKind as ToolKind))
    return { problem: `"toolKind" must be one of ${TOOL_KINDS.join(", ")}` };
  if (v.outcome !== undefined && !TOOL_OUTCOMES.includes(v.outcome as ToolOutcome))
    return { problem: `"outcome" must be one of ${TOOL_OUTCOMES.join(", ")}` };
  if (v.exit !== undefined && !Number.isInteger(v.exit)) return { problem: `"exit" must be an integer` };
  if (v.kind === "tool" && (typeof v.tool !== "string" || v.outcome === undefined))
    return { problem: "a tool record needs tool and outcome" };
  if (v.kind !== "tool" && typeof v.text !== "string") return { problem: `a ${v.kind} record needs text` };
  const r: FeedbackRecord = { at: v.at, kind: v.kind as FeedbackKind };
  for (const k of STRINGS) if (typeof v[k] === "string") r[k] = v[k] as string;
  if (v.toolKind !== undefined) r.toolKind = v.toolKind as ToolKind;
  if (v.outcome !== undefined) r.outcome = v.outcome as ToolOutcome;
  if (v.exit !== undefined) r.exit = v.exit as number;
  return r;
}
