import type { HostDriver } from "./headless-host.ts";
import { excerpt, jsonOfText, objectOf } from "./headless-run.ts";

/**
 * Claude Code's headless mode: `claude -p` with structured output (`--output-format json --json-schema …`),
 * the prompt on stdin, the extraction rules as the system prompt, no tools, no MCP servers, no session saved,
 * and Claude Code's own hooks off for the run (`disableAllHooks`).
 */
export const claudeDriver: HostDriver = {
  call: (config, request) => ({
    args: [
      "-p",
      "--output-format",
      "json",
      "--json-schema",
      JSON.stringify(request.schema),
      "--system-prompt",
      request.system,
      ...(config.model ? ["--model", config.model] : []),
      "--tools",
      "",
      "--strict-mcp-config",
      "--no-session-persistence",
      "--settings",
      JSON.stringify({ disableAllHooks: true }),
    ],
    input: request.input,
  }),
  read: (out) => {
    const r = objectOf(out.stdout) as ClaudeResult | undefined;
    const usage = {
      inputTokens:
        (r?.usage?.input_tokens ?? 0) +
        (r?.usage?.cache_read_input_tokens ?? 0) +
        (r?.usage?.cache_creation_input_tokens ?? 0),
      outputTokens: r?.usage?.output_tokens ?? 0,
    };
    if (!r)
      return {
        failure: "malformed",
        why: `exit ${out.code}, no JSON result: ${excerpt(out.stdout || out.stderr)}`,
        usage,
      };
    if (r.is_error || out.code !== 0)
      return { failure: "http", why: `exit ${out.code}: ${excerpt(r.result ?? out.stderr)}`, usage };
    const value = r.structured_output ?? (typeof r.result === "string" ? jsonOfText(r.result) : undefined);
    return value === undefined
      ? { failure: "malformed", why: `no structured output: ${excerpt(r.result ?? "")}`, usage }
      : { value, usage };
  },
};

/** Claude Code's `--output-format json` result (the fields read here). */
interface ClaudeResult {
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
