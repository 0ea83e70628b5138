import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { claudeDriver } from "./headless-claude.ts";
import { codexDriver } from "./headless-codex.ts";
import { type HeadlessConfig, HOST_DEFAULTS, type HostProviderName } from "./headless-config.ts";
import { geminiDriver } from "./headless-gemini.ts";
import type { HostDriver, HostPlaces } from "./headless-host.ts";
import { runOnce } from "./headless-run.ts";
import type { HostBudget } from "./host-budget.ts";
import { LlmError, type LlmProvider, type LlmRequest, type LlmResult, type LlmUsage } from "./types.ts";

/**
 * `LlmProvider` over an agent host's own headless mode (issue 23): `claude -p`, `codex exec` or `gemini -p`,
 * each reached through its driver (src/learn/extract/headless-host.ts). What they share is here: one run a
 * call, counted against the day's budget before it starts (a spent budget is an `LlmError` "budget": the
 * learner falls back to the model-free path); a run past `timeoutMs` killed with its process group; the
 * answer checked against the request's schema; the same errors, so the learner's notice reads the same.
 *
 * Recursion guard: the child runs with BRAIN_HOOKS=off, which every Brain hook honours (it exits at once,
 * prints and writes nothing: src/hooks/entry.ts), and RHO_SUBAGENT=1 (auto-memory off for anything Brain in
 * it), with the host's own hooks off for the run where it has a switch and no session persisted — so the
 * learner's call never queues itself to be learned from.
 */
export const HOOKS_OFF_ENV = { BRAIN_HOOKS: "off", RHO_SUBAGENT: "1" } as const;

const DRIVERS: Record<HostProviderName, HostDriver> = {
  "claude-code": claudeDriver,
  "codex-cli": codexDriver,
  "gemini-cli": geminiDriver,
};

export interface HeadlessOptions {
  budget: HostBudget;
  /** Where the child runs (the brain's local directory: no project settings, nothing written to a repository). */
  cwd: string;
  /** Where the hosts keep their settings (Codex: to switch Brain's own MCP server off for the run). */
  places?: HostPlaces;
}

export function createHeadlessProvider(
  config: HeadlessConfig,
  file: string,
  options: HeadlessOptions,
): LlmProvider {
  const name = `${config.provider} (${HOST_DEFAULTS[config.provider].invocation})`;
  const driver = DRIVERS[config.provider];
  async function complete<T>(request: LlmRequest<T>): Promise<LlmResult<T>> {
    let usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
    if (!options.budget.take())
      throw new LlmError(
        "budget",
        `${name}: the day's ${options.budget.perDay} headless calls are spent (extraction.callsPerDay)`,
        { usage, calls: 0 },
      );
    const fail = (failure: ConstructorParameters<typeof LlmError>[0], why: string): never => {
      throw new LlmError(failure, `${name}: ${why}`, { usage, calls: 1 });
    };
    // Claude Code 2.1.197 drops a schema that declares "$schema" (zod writes draft 2020-12's) without a word:
    // no StructuredOutput tool is offered and the answer comes back in prose. The bare schema is taken.
    const { $schema: _, ...schema } = z.toJSONSchema(request.schema, { unrepresentable: "any" });
    const input = request.messages
      .map((m) => (m.role === "user" ? m.content : `[your earlier answer]\n${m.content}`))
      .join("\n\n");
    // The files a run reads (a schema, a system prompt): a directory of this call's own, removed after it.
    const tmp = fs.mkdtempSync(join(tmpdir(), "brain-host-call-"));
    let out: Awaited<ReturnType<typeof runOnce>>;
    try {
      const call = driver.call(
        config,
        { system: request.system, schema, input },
        (n, text) => {
          const f = join(tmp, n);
          fs.writeFileSync(f, text, { mode: 0o600 });
          return f;
        },
        options.places ?? {},
      );
      const env: NodeJS.ProcessEnv = { ...config.env, ...call.env, ...HOOKS_OFF_ENV };
      delete env.CLAUDECODE; // the learner a Claude Code hook started is not a Claude Code session itself
      out = await runOnce(file, call.args, call.input, env, options.cwd, config.timeoutMs);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    if (out.spawnError) fail("http", `could not start ${file}: ${out.spawnError.message}`);
    if (out.timedOut)
      fail("timeout", `no answer within ${config.timeoutMs} ms (extraction.timeoutMs): killed`);
    const answer = driver.read(out);
    usage = answer.usage;
    if ("failure" in answer) return fail(answer.failure, answer.why);
    const checked = request.schema.safeParse(answer.value);
    if (!checked.success)
      fail(
        "malformed",
        `answer does not match the schema: ${checked.error.issues
          .map((i) => `${i.path.join(".")}: ${i.message}`)
          .join("; ")
          .slice(0, 300)}`,
      );
    return { value: (checked as { data: T }).data, usage, calls: 1, repaired: false };
  }
  return { provider: config.provider, model: config.model ?? "the host's default", complete };
}
