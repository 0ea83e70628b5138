/**
 * A fake Gemini API (generativelanguage's REST shape, what Gemini CLI speaks to GOOGLE_GEMINI_BASE_URL) on
 * 127.0.0.1: `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` answers with SSE chunks (text, or
 * one function call), `:generateContent` with one JSON answer, `:countTokens` with a count. Every request is
 * recorded; anything else is a 404.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Reply } from "./_fake-openai.ts";

export interface GeminiRequest {
  /** "streamGenerateContent", "generateContent", "countTokens", … */
  method: string;
  model: string;
  body: Record<string, unknown>;
}

export interface FakeGemini {
  baseUrl: string;
  /** generateContent / streamGenerateContent calls, in order. */
  requests: GeminiRequest[];
  /** Every request the server saw, as "METHOD path". */
  seen: string[];
  close: () => Promise<void>;
}

function candidate(reply: Reply) {
  const part =
    "text" in reply
      ? { text: reply.text }
      : { functionCall: { name: reply.toolCall.name, args: reply.toolCall.arguments } };
  return {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: "fake-model",
  };
}

/** `script(request, n)` picks the reply to the n-th generate call (0-based). */
export async function startFakeGemini(script: (req: GeminiRequest, n: number) => Reply): Promise<FakeGemini> {
  const requests: GeminiRequest[] = [];
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
      const m = /\/models\/([^/:]+):([A-Za-z]+)$/.exec(path);
      if (req.method !== "POST" || !m) {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":404}}');
        return;
      }
      const [, model = "", method = ""] = m;
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      if (method === "countTokens") {
        res.writeHead(200, { "content-type": "application/json" }).end('{"totalTokens":10}');
        return;
      }
      const r: GeminiRequest = { method, model, body };
      const n = requests.length;
      requests.push(r);
      const answer = candidate(script(r, n));
      if (method === "streamGenerateContent") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(`data: ${JSON.stringify(answer)}\r\n\r\n`);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
