/**
 * A fake Anthropic Messages API on 127.0.0.1: records every request and answers every `POST /v1/messages`
 * with one short text message (streamed as SSE when `stream: true`, the way Claude Code asks). With
 * `extract`, a request it returns an answer for (the learner's extraction call) gets that value as the
 * model's structured answer instead, the way test/support/fake-llm.ts answers it. With `toolUse`, a request
 * it names a tool call for is answered with that call (a `tool_use` block, stop reason `tool_use`), the way
 * the model asks Claude Code to run a tool.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { reply as structured } from "../support/fake-llm.ts";

export interface RecordedRequest {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

/** A tool call the fake model makes. */
export interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface FakeAnthropic {
  baseUrl: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

/**
 * Each answer's own message id, as the real API gives: Claude Code groups a conversation by it (its
 * compaction refuses a conversation of fewer than two groups: "Not enough messages to compact.").
 */
let answers = 0;

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function message(model: string, text: string) {
  return {
    id: `msg_fake_${++answers}`,
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 3 },
  };
}

function stream(model: string, text: string): string {
  const start = {
    ...message(model, text),
    content: [],
    stop_reason: null,
    usage: { input_tokens: 10, output_tokens: 0 },
  };
  return [
    event("message_start", { type: "message_start", message: start }),
    event("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    }),
    event("content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text },
    }),
    event("content_block_stop", { type: "content_block_stop", index: 0 }),
    event("message_delta", {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 3 },
    }),
    event("message_stop", { type: "message_stop" }),
  ].join("");
}

function toolStream(model: string, use: ToolUse): string {
  const start = {
    ...message(model, ""),
    content: [],
    stop_reason: null,
    usage: { input_tokens: 10, output_tokens: 0 },
  };
  return [
    event("message_start", { type: "message_start", message: start }),
    event("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "tool_use", id: use.id, name: use.name, input: {} },
    }),
    event("content_block_delta", {
      type: "content_block_delta",
      index: 0,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(use.input) },
    }),
    event("content_block_stop", { type: "content_block_stop", index: 0 }),
    event("message_delta", {
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null },
      usage: { output_tokens: 5 },
    }),
    event("message_stop", { type: "message_stop" }),
  ].join("");
}

export async function startFakeAnthropic(
  reply = "Noted.",
  extract?: (body: Record<string, unknown>) => unknown,
  toolUse?: (body: Record<string, unknown>) => ToolUse | undefined,
): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => {
      raw += d;
    });
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      requests.push({ method: req.method ?? "", url: req.url ?? "", body });
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (req.method === "POST" && path.endsWith("/v1/messages/count_tokens")) {
        res.writeHead(200, { "content-type": "application/json" }).end('{"input_tokens":10}');
        return;
      }
      if (req.method !== "POST" || !path.endsWith("/v1/messages")) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end('{"type":"error","error":{"type":"not_found_error","message":"not found"}}');
        return;
      }
      const answer = extract?.(body);
      if (answer !== undefined) {
        const json = JSON.stringify(structured("anthropic", body, JSON.stringify(answer)));
        res.writeHead(200, { "content-type": "application/json" }).end(json);
        return;
      }
      const model = typeof body.model === "string" ? body.model : "claude-fake";
      const use = toolUse?.(body);
      if (use) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.end(toolStream(model, use));
        return;
      }
      if (body.stream === true) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.end(stream(model, reply));
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message(model, reply)));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
