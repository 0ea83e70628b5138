/**
 * One line of the tool-event log (`.brain/tool-events.jsonl`): a tool call an agent host reported — what ran
 * (a command, a file read or edited, a search, a fetch), where, and how it ended. The hooks write it
 * (src/hooks/tool-events.ts: capped, key-shaped secrets redacted); the learner, the agent's state and the
 * failure ledger read it. Pure: the record and its line check, so every layer that opens the log checks
 * lines alike.
 */
export const TOOL_KINDS = ["command", "read", "edit", "search", "fetch", "other"] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const TOOL_OUTCOMES = ["ok", "error", "interrupted"] as const;
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number];

export interface ToolEvent {
  /** When the hook recorded it (ISO 8601). */
  at: string;
  /** The agent host: "claude", "pi", … */
  host: string;
  session?: string;
  /** The working directory of the call, and the repository it is in (the cwd itself outside one). */
  cwd: string;
  project: string;
  /** The tool's own name ("Bash", "Read", "mcp__x__y"). */
  tool: string;
  kind: ToolKind;
  /** The command, file path, URL or search (a summary of the input for `other`); capped, redacted. */
  target?: string;
  outcome: ToolOutcome;
  /** The exit code, when the host says it. */
  exit?: number;
  /** The failure's message, capped (head and tail), redacted. */
  error?: string;
  /** The host's id of the call (Claude Code's tool_use_id). */
  id?: string;
  /**
   * An edit's change, as an excerpt: the text it replaced (absent for a whole file written) and the text it
   * put there — the first characters of each (`hooks.toolChangeChars`), redacted. What a failure hint quotes
   * ("edited src/x.ts: `foo(` → `foo(await `"); the path is the target.
   */
  before?: string;
  after?: string;
  /** How long the call took, when the host says it. */
  ms?: number;
}

const REQUIRED = ["at", "host", "cwd", "project", "tool"] as const;
const OPTIONAL = ["session", "target", "error", "id", "before", "after"] as const;

const isText = (v: unknown): v is string => typeof v === "string" && v !== "";

/** A line's object as a tool event, or why it is not one. Fields it does not know are left out. */
export function checkToolEvent(v: Record<string, unknown>): ToolEvent | { problem: string } {
  for (const k of REQUIRED) if (!isText(v[k])) return { problem: `"${k}" must be a non-empty string` };
  if (Number.isNaN(Date.parse(v.at as string))) return { problem: `"at" is not a time: ${String(v.at)}` };
  if (!TOOL_KINDS.includes(v.kind as ToolKind))
    return { problem: `"kind" must be one of ${TOOL_KINDS.join(", ")}` };
  if (!TOOL_OUTCOMES.includes(v.outcome as ToolOutcome))
    return { problem: `"outcome" must be one of ${TOOL_OUTCOMES.join(", ")}` };
  for (const k of OPTIONAL)
    if (v[k] !== undefined && typeof v[k] !== "string") return { problem: `"${k}" must be a string` };
  if (v.exit !== undefined && !Number.isInteger(v.exit)) return { problem: `"exit" must be an integer` };
  if (v.ms !== undefined && !(typeof v.ms === "number" && v.ms >= 0))
    return { problem: `"ms" must be a duration` };
  const e: ToolEvent = {
    at: v.at as string,
    host: v.host as string,
    cwd: v.cwd as string,
    project: v.project as string,
    tool: v.tool as string,
    kind: v.kind as ToolKind,
    outcome: v.outcome as ToolOutcome,
  };
  for (const k of OPTIONAL) if (typeof v[k] === "string") e[k] = v[k] as string;
  if (v.exit !== undefined) e.exit = v.exit as number;
  if (v.ms !== undefined) e.ms = v.ms as number;
  return e;
}
