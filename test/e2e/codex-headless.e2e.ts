/**
 * The learner's model as Codex's own headless mode (issue 23), with the real Codex CLI (@openai/codex 0.171.0)
 * against the fake Responses API on 127.0.0.1 and a proxy that refuses everything else, and no extraction key:
 * the settings say `extraction.provider: "codex-cli"`. Brain is installed into Codex by `brain install codex`
 * (hooks + MCP server), so every Codex session — the learner's own `codex exec` too, unless the guard works —
 * would run Brain's hooks. Session 1 says a correction; its Stop hook queues the rollout and starts the
 * learner, which runs `codex exec --output-schema …`; the fake model answers the extraction call with the
 * memory as JSON; the memory is stored. Brain's hooks queued session 1 only.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { learnFiles } from "../support/learner.ts";
import { type FakeResponses, startFakeResponses } from "./_fake-responses.ts";
import { CODEX, codexConfig, missing, runHost } from "./_hosts.ts";
import { waitIdle } from "./_learning.ts";
import { type NoEgress, startNoEgress } from "./_no-egress.ts";

/** What the user says in session 1: a correction. */
const CORRECTION = "No, don't use npm in this repo. We always use pnpm, never npm.";
/** What the extraction model answers (worded unlike the prompt, so only the learner can have stored it). */
const FACT = "Use pnpm, never npm, in this repo";
const ANSWER = { items: [{ type: "learning", text: FACT, importance: "high" }], summary: "Told to use pnpm" };
const RULES = "pick out the few things worth remembering";

let sb: Sandbox;
let project: string;
let api: FakeResponses;
let egress: NoEgress;

const isExtraction = (body: Record<string, unknown>) => JSON.stringify(body).includes(RULES);

before(async () => {
  if (missing(CODEX)) return;
  sb = sandbox("brain-e2e-codex-headless-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  api = await startFakeResponses((body) =>
    isExtraction(body) ? { text: JSON.stringify(ANSWER) } : { text: "Understood: pnpm from now on." },
  );
  egress = await startNoEgress();
  fs.mkdirSync(join(sb.home, ".codex"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".codex", "config.toml"), codexConfig(api.baseUrl));
  const inst = await brain(sb, ["install", "codex"]);
  assert.equal(inst.code, 0, show(inst));
});
after(async () => {
  if (sb) await waitIdle(sb).catch(() => {});
  await api?.close();
  await egress?.close();
  if (sb) removeSandbox(sb);
});

describe("Codex headless as the learner's model (codex exec, @openai/codex 0.171.0)", {
  skip: missing(CODEX),
}, () => {
  it("no API key for Brain: the learner's codex exec extracts the correction, and Brain's hooks do not queue it", async () => {
    const config = join(sb.dir, "config.json");
    fs.writeFileSync(config, JSON.stringify({ extraction: { provider: "codex-cli" } }));
    const env = childEnv(sb, {
      CODEX_HOME: join(sb.home, ".codex"),
      FAKE_MODEL_KEY: "sk-fake",
      BRAIN_CONFIG: config,
      // The learner finds `codex` on PATH, as a user's shell does.
      PATH: `${dirname(CODEX)}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      ...egress.env,
    });
    const r = await runHost(
      CODEX,
      ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", CORRECTION],
      { env, cwd: project },
    );
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    await waitIdle(sb);
    assert.deepEqual(egress.attempts, [], "Codex reached only the fake model");

    const stored = readLines(sb.brainPath).filter((e) => e.text === FACT);
    assert.equal(stored.length, 1, JSON.stringify(readLines(learnFiles(sb.brainPath).log)));
    assert.equal(stored[0]?.source, "auto");

    const calls = api.requests.filter(isExtraction);
    assert.equal(calls.length, 1, "one extraction call");
    const call = calls[0] as Record<string, unknown>;
    assert.match(JSON.stringify(call.input), /We always use pnpm, never npm/, "it read the transcript");
    const format = (call.text as { format?: { type?: string; strict?: boolean; schema?: unknown } }).format;
    assert.equal(format?.type, "json_schema", "the answer's shape through --output-schema");
    assert.ok(JSON.stringify(format?.schema).includes('"items"'));
    assert.doesNotMatch(
      JSON.stringify(call),
      /# Brain: what you remember/,
      "no Brain context was injected into it",
    );
    const offered = (body: Record<string, unknown>) =>
      ((body.tools ?? []) as { name?: string }[]).some((t) => t.name === "mcp__brain");
    const session = api.requests.find(
      (b) => !isExtraction(b) && JSON.stringify(b.input).includes(CORRECTION),
    );
    assert.ok(session && offered(session), "the session itself had Brain's MCP tools");
    assert.ok(!offered(call), "Brain's MCP server was not started in it");

    // Brain's hooks queued session 1 only: one rollout, no session of the learner's own run.
    const queued = readLines(learnFiles(sb.brainPath).queue).filter((q) => q.host === "codex");
    assert.ok(queued.length > 0, "the session was queued");
    assert.deepEqual([...new Set(queued.map((q) => q.transcript_path))].length, 1, JSON.stringify(queued));
    const hostCalls = JSON.parse(
      fs.readFileSync(join(dirname(sb.brainPath), ".brain", "host-calls.json"), "utf8"),
    );
    assert.equal(hostCalls.calls, 1, "one call counted against the day's budget");
  });
});
