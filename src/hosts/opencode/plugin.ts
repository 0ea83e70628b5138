import { HOOK_EVENTS } from "../../hooks/events.ts";
import { shellJoin } from "../claude/plugin.ts";
import type { Runner } from "../setup/common.ts";

/**
 * Brain's OpenCode plugin (OpenCode 1.x plugin API, built against opencode-ai 1.18.33): a plain ES module
 * OpenCode loads from its plugins directory. It runs the stable entry point for each moment, with a payload
 * marked `brain_host: "opencode"` (src/hooks/opencode.ts):
 *   experimental.chat.system.transform  session-start, once per session: the context joins the system prompt
 *   chat.message                        user-prompt-submit: the memories as a synthetic text part of the message
 *   tool.execute.after                  post-tool-use: the tool-event log
 *   event session.idle                  stop: the turn is queued for the learner, which reads OpenCode's SQLite
 *   experimental.session.compacting     pre-compact
 * It imports nothing but Node's built-ins (no @opencode-ai/plugin), and never throws into OpenCode.
 */
export const OPENCODE_PLUGIN_HEAD = "// Brain memory for OpenCode — written by `brain install opencode`";

/** The CLI name of the event OpenCode fires as `moment` (the event table's opencode column). */
function ev(moment: string): string {
  const e = HOOK_EVENTS.find((x) => x.hosts.opencode === moment);
  if (!e) throw new Error(`no hook event for OpenCode's ${moment}`);
  return JSON.stringify(e.cli);
}

export function opencodePlugin(r: Runner): string {
  return `${OPENCODE_PLUGIN_HEAD}; \`brain uninstall opencode\` removes it.
// It runs ${shellJoin([r.entry])} (Brain's stable entry point) for each moment of a session.
import { spawn } from "node:child_process";
import { homedir } from "node:os";
import { join } from "node:path";

const ENTRY = ${JSON.stringify(r.entry)};
const ARGS = ${JSON.stringify(r.globalArgs)};
const DB = join(process.env.XDG_DATA_HOME || join(homedir(), ".local", "share"), "opencode", "opencode.db");

function hook(event, payload) {
  return new Promise((resolve) => {
    let out = "";
    let child;
    try {
      child = spawn(ENTRY, [...ARGS, "hook", event], { stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      return resolve(null);
    }
    child.on("error", () => resolve(null));
    child.stdout.on("data", (d) => (out += d));
    child.on("close", () => {
      try {
        resolve(out.trim() ? JSON.parse(out) : null);
      } catch {
        resolve(null);
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ brain_host: "opencode", ...payload }));
  });
}

export const BrainMemory = async ({ directory }) => {
  const contexts = new Map();
  const base = (id) => ({ session_id: id, cwd: directory, transcript_path: \`\${DB}#\${id}\` });
  return {
    "experimental.chat.system.transform": async (input, output) => {
      const id = input?.sessionID;
      if (!id) return;
      if (!contexts.has(id)) {
        const r = await hook(${ev("experimental.chat.system.transform")}, { ...base(id), source: "startup" });
        contexts.set(id, typeof r?.context === "string" ? r.context : "");
      }
      const context = contexts.get(id);
      if (context) output.system.push(context);
    },
    "chat.message": async (input, output) => {
      const id = input?.sessionID;
      const text = (output.parts || []).filter((p) => p.type === "text" && !p.synthetic).map((p) => p.text).join("\\n");
      if (!id || !text.trim()) return;
      const r = await hook(${ev("chat.message")}, { ...base(id), prompt: text, message_id: output.message?.id });
      if (typeof r?.context !== "string" || !r.context) return;
      output.parts.push({
        id: \`prt_brain\${Date.now().toString(36)}\`,
        sessionID: id,
        messageID: output.message?.id,
        type: "text",
        text: r.context,
        synthetic: true,
      });
    },
    "tool.execute.after": async (input, output) => {
      if (!input?.sessionID) return;
      await hook(${ev("tool.execute.after")}, {
        ...base(input.sessionID),
        tool_name: input.tool,
        tool_input: input.args ?? output?.metadata?.input,
        tool_response: { output: output?.output, ...(output?.metadata ?? {}) },
        tool_use_id: input.callID,
      });
    },
    "experimental.session.compacting": async (input) => {
      if (input?.sessionID) await hook(${ev("experimental.session.compacting")}, { ...base(input.sessionID), at: Date.now() });
    },
    event: async ({ event }) => {
      if (event?.type === "session.idle" && event.properties?.sessionID)
        await hook(${ev("session.idle")}, { ...base(event.properties.sessionID), at: Date.now() });
    },
  };
};
`;
}
