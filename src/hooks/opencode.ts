import type { HookEventSpec } from "./events.ts";
import { defined, str } from "./fields.ts";
import type { HookAnswer, HostHandler } from "./host-types.ts";
import { queueRecordOf } from "./queue-record.ts";
import { toolCallOf } from "./tool-call.ts";

/**
 * OpenCode (opencode-ai 1.18): Brain's plugin (src/hosts/opencode/plugin.ts) runs inside OpenCode and calls the
 * stable entry point with a payload it marks `brain_host: "opencode"`: session_id, cwd, prompt, tool_name,
 * tool_input, tool_response, tool_use_id, and transcript_path `<opencode.db>#<session id>` (OpenCode keeps its
 * sessions in SQLite; the learner reads them with sql.js). The plugin reads back `{ context, notice }` and
 * adds the context to the system prompt (session) or as a synthetic part of the user's message (prompt).
 */
function render(event: HookEventSpec, a: HookAnswer): string | null {
  if (event.does !== "answer" || (!a.context && !a.notice)) return null;
  return JSON.stringify(defined({ context: a.context, notice: a.notice }));
}

export const opencode: HostHandler = {
  call: (p) =>
    defined({
      session: str(p.session_id),
      cwd: str(p.cwd),
      turn: str(p.tool_use_id) ?? str(p.message_id),
      transcript: str(p.transcript_path),
    }),
  toolCall: toolCallOf,
  render,
  queueRecord: (p, event, at, call) => queueRecordOf("opencode", p, event, at, call),
};
