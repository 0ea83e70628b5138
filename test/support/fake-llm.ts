/**
 * A fake chat model for tests: a real HTTP server on 127.0.0.1 (port 0) speaking one wire format —
 *   openai:    POST {base}/chat/completions   (OpenAI-compatible chat completions)
 *   anthropic: POST {base}/messages           (Anthropic Messages; a forced tool call is answered with tool_use)
 *   ollama:    POST {base}/api/chat           (Ollama's native chat, stream: false)
 * Each request takes the next scripted behaviour (then `fallback`, by default a good answer):
 *   { answer: value }                 the value as the model's structured answer
 *   { malformed: text }               that text as the answer (for anthropic tool mode: the tool input when
 *                                     it parses as a JSON object, else a text block)
 *   { status, headers?, body? }       an HTTP error (429 with Retry-After, 500, …)
 *   { hang: true }                    never answers (until the client gives up or the server closes)
 * A `respond` function, when set, picks the behaviour from the request body first (undefined: the above).
 * Every request is recorded (path, headers, parsed body). Usage is fixed per answer: see FAKE_USAGE.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";

export type WireFormat = "openai" | "anthropic" | "ollama";

export type Behaviour =
  | { answer: unknown }
  | { malformed: string }
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { hang: true };

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeLlm {
  /** What to put in `extraction.baseUrl` for this wire format. */
  baseUrl: string;
  requests: RecordedRequest[];
  script(...behaviours: Behaviour[]): void;
  fallback: Behaviour;
  respond?: (body: Record<string, unknown>) => Behaviour | undefined;
  close(): Promise<void>;
}

export const FAKE_USAGE = { inputTokens: 11, outputTokens: 7 };

const PATHS: Record<WireFormat, string> = {
  openai: "/v1/chat/completions",
  anthropic: "/v1/messages",
  ollama: "/api/chat",
};

export async function startFakeLlm(format: WireFormat): Promise<FakeLlm> {
  const queue: Behaviour[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const fake = {
    baseUrl: "",
    requests,
    fallback: { answer: { items: [] } } as Behaviour,
    respond: undefined as FakeLlm["respond"],
    script: (...behaviours: Behaviour[]) => void queue.push(...behaviours),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      if (req.method !== "POST" || req.url !== PATHS[format])
        return send(res, 404, { error: "no such endpoint" });
      const behaviour = fake.respond?.(body) ?? queue.shift() ?? fake.fallback;
      if ("hang" in behaviour) return void hanging.add(res);
      if ("status" in behaviour)
        return send(res, behaviour.status, behaviour.body ?? { error: "scripted" }, behaviour.headers);
      const text = "answer" in behaviour ? JSON.stringify(behaviour.answer) : behaviour.malformed;
      send(res, 200, reply(format, body, text));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  fake.baseUrl = format === "ollama" ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`;
  return fake;
}

function send(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

/** The 200 body a `format` server sends when the model answers `text` (the e2e fakes reuse it). */
export function reply(format: WireFormat, request: Record<string, unknown>, text: string): unknown {
  const model = String(request.model ?? "fake");
  const { inputTokens, outputTokens } = FAKE_USAGE;
  if (format === "openai") {
    return {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: 0,
      model,
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: inputTokens,
        completion_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
      },
    };
  }
  if (format === "anthropic") {
    const tool = forcedTool(request);
    const input = tool ? asObject(text) : undefined;
    return {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: input ? [{ type: "tool_use", id: "toolu_fake", name: tool, input }] : [{ type: "text", text }],
      stop_reason: input ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens },
    };
  }
  return {
    model,
    created_at: new Date(0).toISOString(),
    message: { role: "assistant", content: text },
    done: true,
    done_reason: "stop",
    prompt_eval_count: inputTokens,
    eval_count: outputTokens,
  };
}

/** The tool the model must call: `tool_choice` names it, or is "any" with exactly one tool offered. */
export function forcedTool(request: Record<string, unknown>): string | undefined {
  const choice = request.tool_choice as { type?: string; name?: string } | undefined;
  const tools = (request.tools ?? []) as { name: string }[];
  if (choice?.type === "tool") return choice.name;
  if (choice?.type === "any" && tools.length === 1) return tools[0]?.name;
  return undefined;
}

function asObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
