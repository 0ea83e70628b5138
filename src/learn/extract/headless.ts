import { spawn } from "node:child_process";
import { z } from "zod";
import type { HeadlessConfig } from "./headless-config.ts";
import type { HostBudget } from "./host-budget.ts";
import { LlmError, type LlmProvider, type LlmRequest, type LlmResult, type LlmUsage } from "./types.ts";

/**
 * `LlmProvider` over an agent host's own headless mode (issue 23): `claude -p` with structured output
 * (`--output-format json --json-schema …`), the prompt on stdin, the extraction rules as the system prompt,
 * no tools, no MCP servers, no session saved. One run a call, counted against the day's budget before it
 * starts (a spent budget is an `LlmError` "budget": the learner falls back to the model-free path); a run
 * past `timeoutMs` is killed with its process group.
 *
 * Recursion guard: the child runs with BRAIN_HOOKS=off, which every Brain hook honours (it exits at once,
 * prints and writes nothing: src/hooks/entry.ts), and RHO_SUBAGENT=1 (auto-memory off for anything Brain in
 * it), with Claude Code's own hooks off for the run (`disableAllHooks`) and no session persisted — so the
 * learner's call never queues itself to be learned from.
 */
export const HOOKS_OFF_ENV = { BRAIN_HOOKS: "off", RHO_SUBAGENT: "1" } as const;

export interface HeadlessOptions {
  budget: HostBudget;
  /** Where the child runs (the brain's local directory: no project settings, nothing written to a repository). */
  cwd: string;
}

/** The argument list of one `claude -p` run (the prompt goes on stdin). */
export function claudeArgs(config: HeadlessConfig, system: string, schema: unknown): string[] {
  return [
    "-p",
    "--output-format",
    "json",
    "--json-schema",
    JSON.stringify(schema),
    "--system-prompt",
    system,
    "--model",
    config.model,
    "--tools",
    "",
    "--strict-mcp-config",
    "--no-session-persistence",
    "--settings",
    JSON.stringify({ disableAllHooks: true }),
  ];
}

interface RunOutput {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: Error;
}

/** Run the host once: stdin written and closed, killed with its group after `timeoutMs`. */
function runOnce(
  file: string,
  args: string[],
  input: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
) {
  return new Promise<RunOutput>((resolve) => {
    const child = spawn(file, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let spawnError: Error | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.stdin.on("error", () => {
      /* a child that exits without reading its input: its exit says what went wrong */
    });
    child.on("error", (e) => {
      spawnError = e;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut, ...(spawnError ? { spawnError } : {}) });
    });
    child.stdin.end(input);
  });
}

/** Claude Code's `--output-format json` result (the fields read here). */
interface ClaudeResult {
  type?: string;
  is_error?: boolean;
  result?: string;
  structured_output?: unknown;
  usage?: {
    input_tokens?: number;
    output_tokens?: number;
    cache_read_input_tokens?: number;
    cache_creation_input_tokens?: number;
  };
}

/** The one JSON document `--output-format json` prints (undefined when it printed something else). */
function resultOf(stdout: string): ClaudeResult | undefined {
  try {
    const v = JSON.parse(stdout.trim()) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as ClaudeResult) : undefined;
  } catch {
    return undefined;
  }
}

const excerpt = (s: string) => s.replace(/\s+/gu, " ").trim().slice(0, 300);

export function createHeadlessProvider(
  config: HeadlessConfig,
  file: string,
  options: HeadlessOptions,
): LlmProvider {
  const name = `${config.provider} (${config.command} -p)`;
  async function complete<T>(request: LlmRequest<T>): Promise<LlmResult<T>> {
    const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
    if (!options.budget.take())
      throw new LlmError(
        "budget",
        `${name}: the day's ${options.budget.perDay} headless calls are spent (extraction.callsPerDay)`,
        { usage, calls: 0 },
      );
    // Claude Code 2.1.197 drops a schema that declares "$schema" (zod writes draft 2020-12's) without a word:
    // no StructuredOutput tool is offered and the answer comes back in prose. The bare schema is taken.
    const { $schema: _, ...schema } = z.toJSONSchema(request.schema, { unrepresentable: "any" });
    const input = request.messages
      .map((m) => (m.role === "user" ? m.content : `[your earlier answer]\n${m.content}`))
      .join("\n\n");
    const env: NodeJS.ProcessEnv = { ...config.env, ...HOOKS_OFF_ENV };
    delete env.CLAUDECODE; // the learner a Claude Code hook started is not a Claude Code session itself
    const out = await runOnce(
      file,
      claudeArgs(config, request.system, schema),
      input,
      env,
      options.cwd,
      config.timeoutMs,
    );
    const fail = (failure: ConstructorParameters<typeof LlmError>[0], why: string): never => {
      throw new LlmError(failure, `${name}: ${why}`, { usage, calls: 1 });
    };
    if (out.spawnError) fail("http", `could not start ${file}: ${out.spawnError.message}`);
    if (out.timedOut)
      fail("timeout", `no answer within ${config.timeoutMs} ms (extraction.timeoutMs): killed`);
    const result = resultOf(out.stdout);
    if (!result) fail("malformed", `exit ${out.code}, no JSON result: ${excerpt(out.stdout || out.stderr)}`);
    const r = result as ClaudeResult;
    usage.inputTokens =
      (r.usage?.input_tokens ?? 0) +
      (r.usage?.cache_read_input_tokens ?? 0) +
      (r.usage?.cache_creation_input_tokens ?? 0);
    usage.outputTokens = r.usage?.output_tokens ?? 0;
    if (r.is_error || out.code !== 0) fail("http", `exit ${out.code}: ${excerpt(r.result ?? out.stderr)}`);
    let value = r.structured_output;
    if (value === undefined && typeof r.result === "string") {
      try {
        value = JSON.parse(r.result);
      } catch {
        /* said in words: malformed below */
      }
    }
    if (value === undefined) fail("malformed", `no structured output: ${excerpt(r.result ?? "")}`);
    const checked = request.schema.safeParse(value);
    if (!checked.success)
      fail(
        "malformed",
        `answer does not match the schema: ${excerpt(checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "))}`,
      );
    return { value: (checked as { data: T }).data, usage, calls: 1, repaired: false };
  }
  return { provider: config.provider, model: config.model, complete };
}
