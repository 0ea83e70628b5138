/**
 * A fake embeddings server for tests, run as its own process (the code under test blocks its thread while
 * it waits for a reply, so the server cannot live in the test's thread). Listens on 127.0.0.1 (port 0) and
 * prints {"port": N} on stdout. Speaks both wire formats:
 *   POST /v1/embeddings {model, input}  → {data: [{index, embedding}], model}   (OpenAI-compatible)
 *   POST /api/embed     {model, input}  → {model, embeddings: [[...]]}         (Ollama)
 * Vectors are a hashed bag of words (32 dimensions), deterministic, with a few words mapped to a shared
 * "meaning" first (rome/paris/cities → city, trip/visited/travel → trip), so a text can be near a query
 * with which it shares no word. Control: POST /mode {"mode": "ok" | "500" | "hang" | "garbage"};
 * GET /stats → {requests: [{path, inputs, auth}]}.
 */
import { createServer } from "node:http";

const DIMS = 32;
const MEANING: Record<string, string> = {
  rome: "city",
  paris: "city",
  cities: "city",
  city: "city",
  trip: "trip",
  visited: "trip",
  travel: "trip",
};

function vector(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw) continue;
    const w = MEANING[raw] ?? raw;
    let h = 2166136261;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619) >>> 0;
    v[h % DIMS] = (v[h % DIMS] as number) + (MEANING[raw] ? 3 : 1);
  }
  return v;
}

let mode = "ok";
const requests: { path: string; inputs: number; auth: string | null }[] = [];

const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => {
    body += c;
  });
  req.on("end", () => {
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof value === "string" ? value : JSON.stringify(value));
    };
    if (req.url === "/mode") {
      mode = (JSON.parse(body) as { mode: string }).mode;
      return send(200, { mode });
    }
    if (req.url === "/stats") return send(200, { requests });
    const parsed = JSON.parse(body || "{}") as { model?: string; input?: string | string[] };
    const inputs = Array.isArray(parsed.input) ? parsed.input : [String(parsed.input ?? "")];
    requests.push({ path: req.url ?? "", inputs: inputs.length, auth: req.headers.authorization ?? null });
    if (mode === "hang") return; // never answers
    if (mode === "500") return send(500, { error: "model crashed" });
    if (mode === "garbage") return send(200, "<html>not json");
    if (req.url === "/v1/embeddings")
      return send(200, {
        model: parsed.model,
        data: inputs.map((t, index) => ({ index, embedding: vector(t) })),
      });
    if (req.url === "/api/embed") return send(200, { model: parsed.model, embeddings: inputs.map(vector) });
    send(404, { error: "no such endpoint" });
  });
});
server.listen(0, "127.0.0.1", () => {
  const a = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof a === "object" && a ? a.port : 0 })}\n`);
});
