/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1: records every request and answers with
 * streamed SSE chunks (text, or one tool call), as `stream: true` clients such as pi expect; a request
 * without `stream: true` (the learner's extraction call) gets one JSON completion.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Reply = { text: string } | { toolCall: { name: string; arguments: Record<string, unknown> } };

export interface FakeOpenAI {
  baseUrl: string;
  requests: Record<string, unknown>[];
  close: () => Promise<void>;
}

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  const body = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "fake-model",
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function sse(reply: Reply, n: number): string {
  let out = chunk({ role: "assistant", content: "" });
  if ("text" in reply) {
    out += chunk({ content: reply.text });
    out += chunk({}, "stop");
  } else {
    const call = {
      index: 0,
      id: `call_${n}`,
      type: "function",
      function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) },
    };
    out += chunk({ tool_calls: [call] });
    out += chunk({}, "tool_calls");
  }
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  out += `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1_700_000_000, model: "fake-model", choices: [], usage })}\n\n`;
  return `${out}data: [DONE]\n\n`;
}

/** `script(request, n)` picks the reply to the n-th request (0-based). */
export async function startFakeOpenAI(
  script: (body: Record<string, unknown>, n: number) => Reply,
): Promise<FakeOpenAI> {
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => {
      raw += d;
    });
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      const n = requests.length;
      requests.push(body);
      const reply = script(body, n);
      if (body.stream !== true) {
        const message =
          "text" in reply
            ? { role: "assistant", content: reply.text }
            : {
                role: "assistant",
                content: null,
                tool_calls: [
                  {
                    id: `call_${n}`,
                    type: "function",
                    function: {
                      name: reply.toolCall.name,
                      arguments: JSON.stringify(reply.toolCall.arguments),
                    },
                  },
                ],
              };
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-fake",
            object: "chat.completion",
            model: "fake-model",
            choices: [{ index: 0, message, finish_reason: "text" in reply ? "stop" : "tool_calls" }],
          }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(sse(reply, n));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
