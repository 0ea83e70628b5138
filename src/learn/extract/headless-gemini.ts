import type { HostDriver } from "./headless-host.ts";
import { excerpt, jsonOfText, objectOf } from "./headless-run.ts";

/**
 * Gemini CLI's headless mode (0.61): `gemini -p <text>` appends the text to what stdin holds (the
 * conversation); `--output-format json` prints one object, `response` the model's answer and `stats.models`
 * the tokens; a failure is an `error` object (on stderr). Gemini CLI has no output schema: the schema is
 * asked for in words and the answer checked against it. The extraction rules replace Gemini CLI's system
 * prompt (GEMINI_SYSTEM_MD names a file); no extension and no MCP server is loaded.
 */
export const NO_MCP_SERVER = "brain-learner-none";

export const geminiDriver: HostDriver = {
  call: (config, request, file) => ({
    args: [
      "-p",
      `Answer with one JSON object only, no other text, that matches this JSON Schema:\n${JSON.stringify(request.schema)}`,
      "--output-format",
      "json",
      ...(config.model ? ["--model", config.model] : []),
      "--skip-trust",
      "--allowed-mcp-server-names",
      NO_MCP_SERVER,
      "--extensions",
      "none",
    ],
    env: { GEMINI_SYSTEM_MD: file("system.md", request.system) },
    input: request.input,
  }),
  read: (out) => {
    const r = objectOf(out.stdout) as GeminiResult | undefined;
    const usage = { inputTokens: 0, outputTokens: 0 };
    for (const m of Object.values(r?.stats?.models ?? {})) {
      usage.inputTokens += m?.tokens?.prompt ?? 0;
      usage.outputTokens += m?.tokens?.candidates ?? 0;
    }
    const error = r?.error ?? (objectOf(out.stderr) as GeminiResult | undefined)?.error;
    if (!r && !error)
      return {
        failure: "malformed",
        why: `exit ${out.code}, no JSON result: ${excerpt(out.stdout || out.stderr)}`,
        usage,
      };
    if (error || out.code !== 0)
      return {
        failure: "http",
        why: `exit ${out.code}: ${excerpt(error?.message ?? (out.stderr || out.stdout))}`,
        usage,
      };
    if (typeof r?.response !== "string")
      return { failure: "malformed", why: `no JSON result: ${excerpt(out.stdout || out.stderr)}`, usage };
    const value = jsonOfText(r.response);
    return value === undefined
      ? { failure: "malformed", why: `the answer is not JSON: ${excerpt(r.response)}`, usage }
      : { value, usage };
  },
};

/** Gemini CLI's `--output-format json` result (the fields read here). */
interface GeminiResult {
  response?: string;
  error?: { message?: string };
  stats?: { models?: Record<string, { tokens?: { prompt?: number; candidates?: number } } | undefined> };
}
