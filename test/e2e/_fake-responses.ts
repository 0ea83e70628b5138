/**
 * A fake OpenAI Responses API (`POST /v1/responses`, the wire Codex speaks to a custom model provider) on
 * 127.0.0.1: records every request and answers with a streamed response (SSE) — one text message, or one
 * function call — the way the Responses API streams: response.created, output_item.added, the text delta,
 * output_item.done, response.completed. Anything else (a model list, another path) is a 404 and recorded.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Reply as ChatReply } from "./_fake-openai.ts";

/** A reply; a tool in a namespace (Codex offers each MCP server's tools as one, `mcp__<server>`) names it. */
export type Reply =
  | ChatReply
  | { toolCall: { name: string; namespace?: string; arguments: Record<string, unknown> } };

export interface FakeResponses {
  /** The provider's base URL (`…/v1`). */
  baseUrl: string;
  /** Every request body to /v1/responses, in order. */
  requests: Record<string, unknown>[];
  /** Every request the server saw, as "METHOD path". */
  seen: string[];
  close: () => Promise<void>;
}

const sse = (data: Record<string, unknown>) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

function stream(reply: Reply, n: number): string {
  const id = `resp_${n}`;
  const item =
    "text" in reply
      ? {
          type: "message",
          id: `msg_${n}`,
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: reply.text, annotations: [] }],
        }
      : {
          type: "function_call",
          id: `fc_${n}`,
          call_id: `call_${n}`,
          name: reply.toolCall.name,
          ...("namespace" in reply.toolCall && reply.toolCall.namespace
            ? { namespace: reply.toolCall.namespace }
            : {}),
          arguments: JSON.stringify(reply.toolCall.arguments),
          status: "completed",
        };
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  const base = { id, object: "response", created_at: 1_700_000_000, model: "fake-model" };
  const parts = [
    sse({ type: "response.created", response: { ...base, status: "in_progress", output: [] } }),
    sse({ type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } }),
  ];
  if ("text" in reply)
    parts.push(
      sse({
        type: "response.output_text.delta",
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        delta: reply.text,
      }),
    );
  parts.push(
    sse({ type: "response.output_item.done", output_index: 0, item }),
    sse({ type: "response.completed", response: { ...base, status: "completed", output: [item], usage } }),
  );
  return parts.join("");
}

/** `script(request, n)` picks the reply to the n-th request to /v1/responses (0-based). */
export async function startFakeResponses(
  script: (body: Record<string, unknown>, n: number) => Reply,
): Promise<FakeResponses> {
  const requests: Record<string, unknown>[] = [];
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => {
      raw += d;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      seen.push(`${req.method} ${path}`);
      if (req.method !== "POST" || !path.endsWith("/responses")) {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      const n = requests.length;
      requests.push(body);
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(stream(script(body, n), n));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
