/**
 * Fake `codex` and `gemini` programs for the headless extraction providers (src/learn/extract/headless-codex.ts,
 * headless-gemini.ts), like test/support/fake-claude.ts: real executables in a temp directory, meant to be
 * first on PATH. Each checks its argv the way the real one would need it (a wrong call exits 2 with the
 * reason, which the provider reports), records the run (argv, the recursion guard's variables, stdin, pid,
 * and the content of the files its flags name — they are gone after the run) in `<dir>/runs.jsonl`, and
 * prints the real program's output shape (captured from Codex CLI 0.171 and Gemini CLI 0.61 against the fake
 * model servers of test/e2e). FAKE_HOST_MODE:
 *   ok (default)  the answer FAKE_HOST_ANSWER (JSON) as the final message / `response`
 *   fenced        (gemini) the answer inside a ```json fence, as Gemini models often write it
 *   hang          never answers (the provider must kill it)
 *   garbage       prints a line that is not JSON and exits 1
 *   error         the host's own error shape (not signed in), non-zero exit
 */
import * as fs from "node:fs";
import { join } from "node:path";

export interface FakeRun {
  argv: string[];
  env: Record<string, string | null>;
  stdin: string;
  pid: number;
  files: Record<string, string>;
}

export interface FakeHost {
  dir: string;
  bin: string;
  runs(): FakeRun[];
}

const COMMON = `
const fs = require("node:fs");
const path = require("node:path");
const argv = process.argv.slice(2);
const arg = (flag) => { const i = argv.indexOf(flag); return i < 0 ? undefined : argv[i + 1]; };
const die = (why) => { process.stderr.write("fake: " + why + "\\n"); process.exit(2); };
const mode = process.env.FAKE_HOST_MODE || "ok";
const answer = process.env.FAKE_HOST_ANSWER || '{"items":[]}';
let stdin = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => (stdin += d));
function record(files) {
  const pick = (k) => (process.env[k] === undefined ? null : process.env[k]);
  const env = { BRAIN_HOOKS: pick("BRAIN_HOOKS"), RHO_SUBAGENT: pick("RHO_SUBAGENT"), CLAUDECODE: pick("CLAUDECODE") };
  fs.appendFileSync(path.join(path.dirname(process.argv[1]), "runs.jsonl"),
    JSON.stringify({ argv, env, stdin, pid: process.pid, files }) + "\\n");
}
const read = (f, what) => { try { return fs.readFileSync(f, "utf8"); } catch { die(what + " " + f + " cannot be read"); } };
`;

const CODEX = `${COMMON}
process.stdin.on("end", () => {
  if (argv[0] !== "exec") die("not codex exec");
  if (argv.at(-1) !== "-") die("the prompt is not read from stdin");
  if (!argv.includes("--json")) die("no --json");
  const schemaFile = arg("--output-schema");
  if (!schemaFile) die("no --output-schema");
  const schema = read(schemaFile, "--output-schema");
  const instr = argv.find((a) => a.startsWith("model_instructions_file="));
  if (!instr) die("no model_instructions_file");
  const instructions = read(JSON.parse(instr.slice("model_instructions_file=".length)), "model_instructions_file");
  record({ schema, instructions });
  const out = (e) => process.stdout.write(JSON.stringify(e) + "\\n");
  if (mode === "hang") { setInterval(() => {}, 1000); return; }
  if (mode === "garbage") { process.stdout.write("Error: something went wrong\\n"); process.exit(1); }
  out({ type: "thread.started", thread_id: "01a219df-c215-7f60-9d59-9929d6fb2211" });
  out({ type: "turn.started" });
  if (mode === "error") {
    const message = "unexpected status 401 Unauthorized: Missing bearer or basic authentication in header";
    out({ type: "error", message });
    out({ type: "turn.failed", error: { message } });
    process.exit(1);
  }
  out({ type: "item.completed", item: { id: "item_0", type: "agent_message", text: answer } });
  out({ type: "turn.completed", usage: { input_tokens: 10, cached_input_tokens: 0, cache_write_input_tokens: 0, output_tokens: 5, reasoning_output_tokens: 0 } });
});
`;

const GEMINI = `${COMMON}
process.stdin.on("end", () => {
  const p = arg("-p");
  if (p === undefined) die("no -p");
  if (arg("--output-format") !== "json") die("not --output-format json");
  if (!process.env.GEMINI_SYSTEM_MD) die("no GEMINI_SYSTEM_MD");
  record({ system: read(process.env.GEMINI_SYSTEM_MD, "GEMINI_SYSTEM_MD") });
  if (mode === "hang") { setInterval(() => {}, 1000); return; }
  if (mode === "garbage") { process.stdout.write("Error: something went wrong\\n"); process.exit(1); }
  const session_id = "79a7d80d-21d5-4bfc-ae17-308ba4b6248c";
  if (mode === "error") {
    process.stderr.write(JSON.stringify({ session_id, error: { type: "Error", code: 41,
      message: "When using Gemini API, you must specify the GEMINI_API_KEY environment variable." } }, null, 2) + "\\n");
    process.exit(41);
  }
  const tokens = { input: 10, prompt: 10, candidates: 5, total: 15, cached: 0, thoughts: 0, tool: 0 };
  const model = arg("--model") || "gemini-2.5-pro";
  const response = mode === "fenced" ? "\`\`\`json\\n" + answer + "\\n\`\`\`" : answer;
  process.stdout.write(JSON.stringify({ session_id, response, stats: {
    models: { [model]: { api: { totalRequests: 1, totalErrors: 0, totalLatencyMs: 94, errorsByType: {} }, tokens } },
    tools: { totalCalls: 0, totalSuccess: 0, totalFail: 0, totalDurationMs: 0, byName: {} },
    files: { totalLinesAdded: 0, totalLinesRemoved: 0 } } }, null, 2) + "\\n");
});
`;

function fakeProgram(dir: string, name: string, script: string): FakeHost {
  fs.mkdirSync(dir, { recursive: true });
  const bin = join(dir, name);
  fs.writeFileSync(bin, `#!${process.execPath}\n${script}`, { mode: 0o755 });
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
            .map((l) => JSON.parse(l) as FakeRun)
        : [],
  };
}

export const fakeCodex = (dir: string) => fakeProgram(dir, "codex", CODEX);
export const fakeGemini = (dir: string) => fakeProgram(dir, "gemini", GEMINI);
