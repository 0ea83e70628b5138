import { MEMORY_NOTE, PROMPT_MEMORIES_HEADER } from "../core/memory-lines.ts";
import { oneLine } from "../core/one-line.ts";
import { HOOK_MAX_CHARS } from "../tools/host-context.ts";
import { ANSWERED_EVENTS, hookEvent } from "./events.ts";
import { PROMPT_MAX_CHARS, RECOVERED_HEADER, SESSION_HEADER } from "./text.ts";

/**
 * What the resident server answers to a hook is data, never printed as it came: the hook prints only the
 * fields a context hook of ours prints (`hookSpecificOutput` for its own event, `systemMessage`), and
 *   - beside a prompt, the block is framed here like every recalled line: the brain's heading and the note
 *     that what follows is information, not instructions, written by the hook itself, then each line of
 *     the server's text as one list item (a line of its own cannot open a heading or a section);
 *   - at session start, a context that does not begin with the brain's own header for that start, or is
 *     longer than a hook may print, is not ours.
 * An answer that is not one of ours (other fields, another event, the wrong types) is refused (undefined):
 * the hook then does the work in process. Our own server's answers come out unchanged.
 */
export interface ServedOutput {
  hookSpecificOutput?: { hookEventName: string; additionalContext: string };
  systemMessage?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const only = (o: Record<string, unknown>, keys: string[]) => Object.keys(o).every((k) => keys.includes(k));

const LINE_BREAKS = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/** A prompt's memories as the hook prints them: our heading and note, then each line as one list item. */
export function framedPromptMemories(text: string): string {
  const head = `${PROMPT_MEMORIES_HEADER}\n${MEMORY_NOTE}`;
  const body = text.startsWith(`${head}\n`) ? text.slice(head.length + 1) : text;
  const lines = [head];
  let size = head.length;
  for (const raw of body.split(LINE_BREAKS)) {
    const l = oneLine(raw);
    if (!l.trim()) continue;
    const line = l.startsWith("- ") ? l : `- ${l}`;
    if (size + line.length + 1 > PROMPT_MAX_CHARS) break;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.length > 1 ? lines.join("\n") : "";
}

/** The session-start context when it is one the brain writes for this start, else undefined. */
function sessionContext(text: string, input: Record<string, unknown>): string | undefined {
  const header = input.source === "compact" ? RECOVERED_HEADER : SESSION_HEADER;
  return text.length <= HOOK_MAX_CHARS && text.startsWith(`${header}\n`) ? text : undefined;
}

/** The server's `output` for `event` as the hook may print it (null: nothing), or undefined: not ours. */
export function servedOutput(
  event: string,
  input: Record<string, unknown>,
  output: unknown,
): ServedOutput | null | undefined {
  if (output === null) return null;
  if (!isObject(output) || !only(output, ["hookSpecificOutput", "systemMessage"])) return undefined;
  const out: ServedOutput = {};
  const h = output.hookSpecificOutput;
  if (h !== undefined) {
    if (!isObject(h) || !only(h, ["hookEventName", "additionalContext"])) return undefined;
    const spec = ANSWERED_EVENTS.has(event) ? hookEvent(event) : undefined;
    const name = spec?.hosts.claude.name;
    if (name === undefined || h.hookEventName !== name || typeof h.additionalContext !== "string")
      return undefined;
    const text =
      spec?.context === "prompt"
        ? framedPromptMemories(h.additionalContext)
        : sessionContext(h.additionalContext, input);
    if (text === undefined) return undefined;
    if (text) out.hookSpecificOutput = { hookEventName: name, additionalContext: text };
  }
  if (output.systemMessage !== undefined) {
    if (typeof output.systemMessage !== "string") return undefined;
    out.systemMessage = output.systemMessage;
  }
  return out.hookSpecificOutput || out.systemMessage !== undefined ? out : null;
}
