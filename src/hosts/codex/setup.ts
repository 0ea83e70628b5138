import { join } from "node:path";
import { BRAIN_ENV, eventsOf, hookCommand, mcpArgs, type Runner, runsBrain } from "../setup/common.ts";
import { appendOurs, dropIfEmpty, readJson, removeOurs } from "../setup/json-edit.ts";
import { type FileEdit, type HostPlan, jsonFile } from "../setup/plan.ts";
import { tomlString, withBlock, withoutBlock } from "../setup/toml-block.ts";

/**
 * Codex (built against @openai/codex 0.171.0; developers.openai.com/codex/hooks, config reference):
 *   config.toml  `[mcp_servers.brain]` (command, args) — a marked block appended, the user's text untouched
 *   hooks.json   one matcher group per event (SessionStart, UserPromptSubmit, Stop, PreCompact, SessionEnd,
 *                PostToolUse), each running `~/.brain/bin/brain hook <event>`
 * Codex runs a hook only once the user has trusted it (`/hooks` in codex), and trusts it by a hash of the
 * event, matcher, command and timeout: those never change across Brain upgrades (the stable entry point),
 * so one trust lasts (test/hooks/stable-entry-hosts.test.ts).
 */
export function codexPlan(dir: string, r: Runner): HostPlan {
  const toml = join(dir, "config.toml");
  const hooks = join(dir, "hooks.json");
  const ours = runsBrain(r);
  const events = eventsOf("codex");
  const block = [
    "[mcp_servers.brain]",
    `command = ${tomlString(r.entry)}`,
    `args = [${mcpArgs(r).map(tomlString).join(", ")}]`,
    // Codex gives an MCP server only a short list of variables; these choose the brain (as the hooks see it).
    `env_vars = [${BRAIN_ENV.map(tomlString).join(", ")}]`,
  ].join("\n");
  const config: FileEdit = {
    file: toml,
    what: "MCP server",
    install: (text) => withBlock(text ?? "", toml, block, [["mcp_servers", "brain"]]),
    uninstall: (text) => {
      const out = withoutBlock(text);
      return out.trim() === "" ? null : out;
    },
  };
  const hooksFile = jsonFile(
    hooks,
    "hooks",
    (text) =>
      events.reduce(
        (t, e) =>
          appendOurs(
            t,
            hooks,
            ["hooks", e.name],
            {
              hooks: [
                {
                  type: "command",
                  command: hookCommand(r, e.event),
                  ...(e.timeout ? { timeout: e.timeout } : {}),
                },
              ],
            },
            ours,
          ),
        text,
      ),
    (text) => {
      let t = events.reduce(
        (acc, e) => dropIfEmpty(removeOurs(acc, hooks, ["hooks", e.name], ours), hooks, ["hooks", e.name]),
        text,
      );
      t = dropIfEmpty(t, hooks, ["hooks"]);
      return t;
    },
    (text) => Object.keys(readJson(text, hooks)).length === 0,
  );
  return {
    host: "codex",
    edits: [config, hooksFile],
    notes: [
      "Codex runs hooks only after you trust them: start `codex`, open /hooks and trust Brain's hooks (once;",
      "upgrading Brain keeps their command line, so they stay trusted).",
    ],
  };
}
