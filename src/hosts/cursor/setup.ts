import { join } from "node:path";
import { eventsOf, hookCommand, mcpArgs, type Runner, runsBrain } from "../setup/common.ts";
import { appendOurs, at, dropIfEmpty, putOurs, readJson, removeOurs, setAt } from "../setup/json-edit.ts";
import { type FileEdit, type HostPlan, jsonFile, ownFile } from "../setup/plan.ts";

/**
 * Cursor (not installable here: written against cursor.com/docs/agent/hooks, /context/mcp and /context/rules,
 * read 2026-11, and checked against those formats in test/hosts/cursor-files.test.ts):
 *   hooks.json  `{ "version": 1, "hooks": { "<event>": [{ "command", "timeout" }] } }` (~/.cursor/ or .cursor/)
 *   mcp.json    `mcpServers.brain` (command, args)
 *   rules/brain.mdc (project only; Cursor keeps user rules in its settings) — always applied: Cursor's
 *               prompt hook cannot add context, so the rule points the agent at the brain tools instead.
 */
export const CURSOR_RULE_HEAD =
  "---\ndescription: Brain — persistent memory across agents (written by brain install)";

export function cursorRule(): string {
  return `${CURSOR_RULE_HEAD}
alwaysApply: true
---

This project's memory lives in Brain, shared with your other coding agents. Brain's context arrives at the
start of each session. Before answering questions about earlier decisions, conventions or past fixes, call
the \`brain_search\` MCP tool with a few keywords; store durable learnings with the \`brain\` tool
(action=add).
`;
}

export function cursorPlan(dir: string, r: Runner, project: boolean): HostPlan {
  const ours = runsBrain(r);
  const hooks = join(dir, "hooks.json");
  const mcp = join(dir, "mcp.json");
  const events = eventsOf("cursor");
  const edits: FileEdit[] = [
    jsonFile(
      hooks,
      "hooks",
      (text) => {
        let t = at(readJson(text, hooks), ["version"]) === undefined ? setAt(text, ["version"], 1) : text;
        for (const e of events)
          t = appendOurs(
            t,
            hooks,
            ["hooks", e.name],
            { command: hookCommand(r, e.event), ...(e.timeout ? { timeout: e.timeout } : {}) },
            ours,
          );
        return t;
      },
      (text) => {
        let t = text;
        for (const e of events)
          t = dropIfEmpty(removeOurs(t, hooks, ["hooks", e.name], ours), hooks, ["hooks", e.name]);
        return dropIfEmpty(t, hooks, ["hooks"]);
      },
      (text) => {
        const doc = readJson(text, hooks);
        return Object.keys(doc).filter((k) => k !== "version").length === 0;
      },
    ),
    jsonFile(
      mcp,
      "MCP server",
      (t) => putOurs(t, mcp, ["mcpServers", "brain"], { command: r.entry, args: mcpArgs(r) }, ours),
      (t) => dropIfEmpty(removeOurs(t, mcp, ["mcpServers", "brain"], ours), mcp, ["mcpServers"]),
      (t) => Object.keys(readJson(t, mcp)).length === 0,
    ),
  ];
  if (project) edits.push(ownFile(join(dir, "rules", "brain.mdc"), "rules", cursorRule(), CURSOR_RULE_HEAD));
  return { host: "cursor", edits, notes: [] };
}
