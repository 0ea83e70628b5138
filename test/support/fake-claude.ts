/**
 * A tiny fake `claude` program for the headless extraction provider (src/learn/extract/headless.ts): a real
 * executable in a temp directory, meant to be first on PATH. It records each run (argv, the variables the
 * recursion guard sets, stdin, its pid) as one JSON line in `<dir>/runs.jsonl`, then does what
 * FAKE_CLAUDE_MODE says:
 *   ok (default)  prints Claude Code 2.1.197's `-p --output-format json` result with FAKE_CLAUDE_ANSWER (JSON)
 *                 as `structured_output` — the shape the real one printed against the fake Anthropic server
 *   text          the answer only as the `result` text (no structured_output)
 *   hang          never answers (the provider must kill it)
 *   garbage       prints a line that is not JSON and exits 1
 *   error         an error result (`is_error: true`), exit 1
 * Like the real 2.1.197, a `--json-schema` that declares `"$schema"` (zod's draft 2020-12) is dropped without
 * a word: no StructuredOutput tool, so the model answers in words and there is no `structured_output`.
 */
import * as fs from "node:fs";
import { join } from "node:path";

export interface FakeClaude {
  dir: string;
  /** The program's path. */
  bin: string;
  runs(): { argv: string[]; env: Record<string, string | null>; stdin: string; pid: number }[];
}

const SCRIPT = `
const fs = require("node:fs");
const path = require("node:path");
let stdin = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => (stdin += d));
process.stdin.on("end", () => {
  const dir = path.dirname(process.argv[1]);
  const pick = (k) => (process.env[k] === undefined ? null : process.env[k]);
  const env = { BRAIN_HOOKS: pick("BRAIN_HOOKS"), RHO_SUBAGENT: pick("RHO_SUBAGENT"), CLAUDECODE: pick("CLAUDECODE") };
  fs.appendFileSync(path.join(dir, "runs.jsonl"), JSON.stringify({ argv: process.argv.slice(2), env, stdin, pid: process.pid }) + "\\n");
  const mode = process.env.FAKE_CLAUDE_MODE || "ok";
  const answer = JSON.parse(process.env.FAKE_CLAUDE_ANSWER || '{"items":[]}');
  const usage = { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 5, output_tokens: 7 };
  const result = (extra) => JSON.stringify({ type: "result", subtype: "success", is_error: false, duration_ms: 118,
    num_turns: 2, result: JSON.stringify(answer), stop_reason: "tool_use", session_id: "239586c2-46a2-4ed2-bd2f-6ad691fc1d3c",
    total_cost_usd: 0.000175, usage, permission_denials: [], terminal_reason: "completed", ...extra });
  if (mode === "hang") { setInterval(() => {}, 1000); return; }
  if (mode === "garbage") { process.stdout.write("Error: something went wrong\\n"); process.exit(1); }
  if (mode === "error") { process.stdout.write(JSON.stringify({ type: "result", subtype: "success", is_error: true, result: "Invalid API key · Please run /login", usage }) + "\\n"); process.exit(1); }
  const schemaArg = process.argv[process.argv.indexOf("--json-schema") + 1] || "{}";
  if (JSON.parse(schemaArg).$schema !== undefined) {
    process.stdout.write(result({ result: "Noted." }) + "\\n");
    return;
  }
  if (mode === "text") { process.stdout.write(result({}) + "\\n"); return; }
  process.stdout.write(result({ structured_output: answer }) + "\\n");
});
`;

export function fakeClaude(dir: string): FakeClaude {
  fs.mkdirSync(dir, { recursive: true });
  const bin = join(dir, "claude");
  fs.writeFileSync(bin, `#!${process.execPath}\n${SCRIPT}`, { mode: 0o755 });
  const log = join(dir, "runs.jsonl");
  return {
    dir,
    bin,
    runs: () =>
      fs.existsSync(log)
        ? fs
            .readFileSync(log, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
  };
}
