import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { loadConfig, parseSettings } from "../../src/config.ts";
import { Brain } from "../../src/engine/brain.ts";
import type { EmbeddingsConfig } from "../../src/recall/embeddings/config.ts";
import { reciprocalRankFusion } from "../../src/recall/embeddings/fuse.ts";
import { vectorsPath } from "../../src/recall/embeddings/vectors-file.ts";
import { ROOT } from "../support/cli.ts";

let server: ChildProcess;
let base = "";

before(async () => {
  server = spawn(process.execPath, ["--import", "tsx", join(ROOT, "test/support/fake-embeddings.ts")], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout?.on("data", (c) => {
      out += c;
      if (out.includes("\n")) resolve(out.split("\n")[0] as string);
    });
    server.on("exit", (code) => reject(new Error(`fake server exited (${code})`)));
  });
  base = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
});
after(() => {
  server.kill();
});

const setMode = (mode: string) =>
  fetch(`${base}/mode`, { method: "POST", body: JSON.stringify({ mode }) }).then((r) => r.json());
const stats = async () =>
  (
    (await (await fetch(`${base}/stats`)).json()) as {
      requests: { path: string; inputs: number; auth: string | null }[];
    }
  ).requests;

const TURNS = [
  "I bought a new bike for the commute.",
  "We had a short break last week in Rome, the food was wonderful.",
  "My sister started a pottery class.",
  "The garden needs more water this summer.",
];

/** A brain in a fresh directory with the turns above ingested (a generic JSONL transcript). */
async function brainWith(embeddings?: EmbeddingsConfig, dir = fs.mkdtempSync(join(tmpdir(), "brain-emb-"))) {
  const file = join(dir, "chat.jsonl");
  if (!fs.existsSync(file)) {
    const lines = TURNS.map((text, i) =>
      JSON.stringify({ session: "s1", date: "2024-03-01T10:00:00Z", speaker: "Jon", text, turn: `t${i}` }),
    );
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
  }
  const brain = Brain.open({
    path: join(dir, "brain.jsonl"),
    seedDefault: false,
    cwd: dir,
    ...(embeddings ? { settings: { embeddings } } : {}),
  });
  await brain.ingest(file, { format: "generic" });
  return { brain, dir };
}

const QUERY = "Which cities has Jon visited?";
const texts = (b: Brain) => b.recall(QUERY).map((r) => String(r.rec.entry.text));

test("reciprocal-rank fusion sums 1/(k+rank) over the lists, ties in first-seen order", () => {
  const f = reciprocalRankFusion(
    [
      ["a", "b", "c"],
      ["c", "d"],
    ],
    60,
  );
  assert.deepEqual(
    f.map((x) => x.id),
    ["c", "a", "b", "d"],
  );
  assert.equal(f[0]?.score, 1 / 63 + 1 / 61);
  assert.deepEqual(reciprocalRankFusion([]), []);
});

test("without embeddings, a turn sharing no word with the query is not recalled", async () => {
  const { brain } = await brainWith();
  assert.ok(!texts(brain).some((t) => t.includes("Rome")));
});

for (const provider of ["openai", "ollama"] as const) {
  test(`${provider} wire format: the nearest turn by meaning is recalled, vectors are kept and reused`, async () => {
    await setMode("ok");
    const seen = (await stats()).length;
    const config: EmbeddingsConfig = { provider, baseUrl: base, model: "fake", apiKey: "k-123" };
    const { brain, dir } = await brainWith(config);
    assert.match(texts(brain)[0] ?? "", /Rome/);
    assert.equal(brain.recallEngine.semantic?.problem, null);
    const mine = (await stats()).slice(seen);
    assert.ok(mine.every((r) => r.path === (provider === "openai" ? "/v1/embeddings" : "/api/embed")));
    assert.deepEqual(
      mine.map((r) => r.inputs),
      [4, 1], // the four turns once, then the query
    );
    assert.equal(mine[0]?.auth, "Bearer k-123");
    const file = vectorsPath(join(dir, "brain.jsonl"));
    assert.equal(fs.readFileSync(file).subarray(0, 8).toString(), "BRAINVEC");
    // A new brain on the same logs trusts the file: only the query is embedded.
    const again = Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      cwd: dir,
      settings: { embeddings: config },
    });
    assert.match(texts(again)[0] ?? "", /Rome/);
    assert.deepEqual(
      (await stats()).slice(seen + 2).map((r) => r.inputs),
      [1],
    );
    // Another model's vectors are not comparable: everything is embedded again.
    const other = Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      cwd: dir,
      settings: { embeddings: { ...config, model: "other" } },
    });
    other.recall(QUERY);
    assert.deepEqual(
      (await stats()).slice(seen + 3).map((r) => r.inputs),
      [4, 1],
    );
  });
}

test("a log that no longer matches the vectors file's fingerprint means the vectors are rebuilt", async () => {
  await setMode("ok");
  const config: EmbeddingsConfig = { provider: "ollama", baseUrl: base, model: "fake" };
  const { brain, dir } = await brainWith(config);
  brain.recall(QUERY);
  const log = join(dir, "episodes.jsonl");
  const text = fs.readFileSync(log, "utf8");
  fs.writeFileSync(log, text.replace("pottery", "weaving")); // same length, different bytes
  const seen = (await stats()).length;
  const again = Brain.open({
    path: join(dir, "brain.jsonl"),
    seedDefault: false,
    cwd: dir,
    settings: { embeddings: config },
  });
  again.recall(QUERY);
  assert.deepEqual(
    (await stats()).slice(seen).map((r) => r.inputs),
    [4, 1],
  );
});

for (const [mode, why] of [
  ["500", /HTTP 500/],
  ["garbage", /not JSON/],
  ["hang", /timed out/],
] as const) {
  test(`an embeddings server that answers ${mode} leaves the lexical ranking, with the problem reported`, async () => {
    const lexical = texts((await brainWith()).brain);
    await setMode(mode);
    const { brain } = await brainWith({ provider: "openai", baseUrl: base, model: "fake", timeoutMs: 300 });
    assert.deepEqual(texts(brain), lexical);
    assert.match(brain.recallEngine.semantic?.problem ?? "", why);
    assert.ok(brain.context({ query: QUERY, budget: 500 }).text.length > 0);
    await setMode("ok");
  });
}

test("an embeddings server that is not there leaves the lexical ranking, with the problem reported", async () => {
  const { brain } = await brainWith({ provider: "ollama", baseUrl: "http://127.0.0.1:9", model: "fake" });
  assert.deepEqual(texts(brain), texts((await brainWith()).brain));
  assert.match(brain.recallEngine.semantic?.problem ?? "", /embeddings unavailable/);
});

test("settings: embeddings are parsed, checked, off when absent; the API key comes from the named variable", () => {
  assert.equal(parseSettings("c.json", "{}").embeddings, undefined);
  const s = parseSettings(
    "c.json",
    JSON.stringify({ embeddings: { provider: "ollama", baseUrl: "http://127.0.0.1:11434/", model: "m" } }),
  );
  assert.deepEqual(s.embeddings, { provider: "ollama", baseUrl: "http://127.0.0.1:11434", model: "m" });
  assert.throws(() => parseSettings("c.json", JSON.stringify({ embeddings: { provider: "x" } })), /provider/);
  assert.throws(
    () =>
      parseSettings(
        "c.json",
        JSON.stringify({ embeddings: { provider: "openai", baseUrl: "ftp://x", model: "m" } }),
      ),
    /baseUrl/,
  );
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-emb-cfg-"));
  const cfg = join(dir, "config.json");
  fs.writeFileSync(
    cfg,
    JSON.stringify({
      embeddings: { provider: "openai", baseUrl: "http://127.0.0.1:1", model: "m", apiKeyEnv: "MY_KEY" },
    }),
  );
  const c = loadConfig({ BRAIN_CONFIG: cfg, BRAIN_DIR: dir, MY_KEY: "s3cret" }, undefined, dir);
  assert.equal(c.embeddings?.apiKey, "s3cret");
});
