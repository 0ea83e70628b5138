import * as fs from "node:fs";
import { join } from "node:path";
import type { HostDriver } from "./headless-host.ts";
import { excerpt, jsonOfText, objectOf } from "./headless-run.ts";
import { dropNulls, strictSchema } from "./strict-schema.ts";

/**
 * Codex CLI's headless mode (0.171): `codex exec -` reads the prompt from stdin; `--output-schema FILE` makes
 * the final message JSON of that schema (the Responses API's strict `json_schema` format, so the schema is
 * rewritten into strict mode's subset: src/learn/extract/strict-schema.ts); `--json` prints
 * the run as JSONL events, read here: the last `item.completed` of type `agent_message` is the answer,
 * `turn.completed` carries the usage, `turn.failed` / `error` say why not. The extraction rules replace
 * Codex's own instructions (`model_instructions_file`); no session is written (`--ephemeral`), Brain's own
 * MCP server is switched off for the run when the user's config.toml has it (`mcp_servers.brain.enabled=false`;
 * `-c mcp_servers={}` does not remove a configured server, and naming one that is not configured is a config
 * error), Codex's hooks are off (`--disable hooks`), and its shell, were the model to call it, is read-only.
 */
export const codexDriver: HostDriver = {
  call: (config, request, file, places) => ({
    args: [
      "exec",
      "--ephemeral",
      "--skip-git-repo-check",
      "--sandbox",
      "read-only",
      "--json",
      "--output-schema",
      file("schema.json", JSON.stringify(strictSchema(request.schema))),
      "-c",
      `model_instructions_file=${JSON.stringify(file("instructions.md", request.system))}`,
      ...(hasBrainServer(places.codexDir) ? ["-c", "mcp_servers.brain.enabled=false"] : []),
      "--disable",
      "hooks",
      "-c",
      'model_reasoning_effort="low"',
      ...(config.model ? ["--model", config.model] : []),
      "-",
    ],
    input: request.input,
  }),
  read: (out) => {
    const events = out.stdout
      .split("\n")
      .map((l) => objectOf(l))
      .filter((e): e is Record<string, unknown> => e !== undefined);
    const usage = { inputTokens: 0, outputTokens: 0 };
    let message: string | undefined;
    let failed: string | undefined;
    for (const e of events) {
      const item = e.item as { type?: string; text?: string } | undefined;
      if (e.type === "item.completed" && item?.type === "agent_message" && typeof item.text === "string")
        message = item.text;
      if (e.type === "turn.completed") {
        const u = e.usage as { input_tokens?: number; output_tokens?: number } | undefined;
        usage.inputTokens += u?.input_tokens ?? 0;
        usage.outputTokens += u?.output_tokens ?? 0;
      }
      if (e.type === "turn.failed") failed = String((e.error as { message?: unknown })?.message ?? "failed");
      if (e.type === "error") failed = String(e.message ?? "error");
    }
    if (!events.length)
      return {
        failure: "malformed",
        why: `exit ${out.code}, no JSON events: ${excerpt(out.stdout || lastLines(out.stderr))}`,
        usage,
      };
    if (failed !== undefined || out.code !== 0) {
      const said = failed ?? lastLines(out.stderr);
      return { failure: "http", why: `exit ${out.code}: ${excerpt(said)}`, usage };
    }
    if (message === undefined)
      return {
        failure: "malformed",
        why: `no final message in its JSON events: ${excerpt(out.stdout || out.stderr)}`,
        usage,
      };
    const value = jsonOfText(message);
    return value === undefined
      ? { failure: "malformed", why: `the final message is not JSON: ${excerpt(message)}`, usage }
      : { value: dropNulls(value), usage };
  },
};

/** Codex's own error is its stderr's end (warnings come first). */
const lastLines = (s: string) => s.trim().split("\n").slice(-3).join(" ");

/** Whether Codex's config.toml declares Brain's MCP server (`brain install codex` writes `[mcp_servers.brain]`). */
export function hasBrainServer(codexDir: string | undefined): boolean {
  if (!codexDir) return false;
  try {
    return /^\s*\[mcp_servers\.(?:brain|"brain")\]/mu.test(
      fs.readFileSync(join(codexDir, "config.toml"), "utf8"),
    );
  } catch {
    return false;
  }
}
