import { join } from "node:path";
import { eventsOf, hookCommand, mcpArgs, type Runner, runsBrain } from "../setup/common.ts";
import { appendOurs, dropIfEmpty, putOurs, readJson, removeOurs } from "../setup/json-edit.ts";
import { type HostPlan, jsonFile } from "../setup/plan.ts";

/**
 * Gemini CLI (built against @google/gemini-cli 0.61.0 and its bundled docs: hooks/reference.md,
 * cli/settings.md): settings.json (~/.gemini/ or a project's .gemini/) gets `mcpServers.brain` and one hook
 * group per event under Gemini's names (SessionStart, BeforeAgent, AfterAgent, PreCompress, SessionEnd,
 * AfterTool), timeouts in milliseconds. Its memory settings (`experimental.autoMemory`, `context.*`) are
 * never touched.
 */
export function geminiPlan(dir: string, r: Runner): HostPlan {
  const file = join(dir, "settings.json");
  const ours = runsBrain(r);
  const events = eventsOf("gemini");
  return {
    host: "gemini",
    edits: [
      jsonFile(
        file,
        "MCP server and hooks",
        (text) => {
          let t = putOurs(text, file, ["mcpServers", "brain"], { command: r.entry, args: mcpArgs(r) }, ours);
          for (const e of events) {
            const hook = {
              type: "command",
              name: `brain-${e.event.cli}`,
              command: hookCommand(r, e.event),
              timeout: (e.timeout ?? 10) * 1000,
            };
            t = appendOurs(t, file, ["hooks", e.name], { hooks: [hook] }, ours);
          }
          return t;
        },
        (text) => {
          let t = dropIfEmpty(removeOurs(text, file, ["mcpServers", "brain"], ours), file, ["mcpServers"]);
          for (const e of events)
            t = dropIfEmpty(removeOurs(t, file, ["hooks", e.name], ours), file, ["hooks", e.name]);
          return dropIfEmpty(t, file, ["hooks"]);
        },
        (text) => Object.keys(readJson(text, file)).length === 0,
      ),
    ],
    notes: [],
  };
}
