/**
 * The learner's model as Gemini CLI's own headless mode (issue 23), with the real Gemini CLI
 * (@google/gemini-cli 0.61.0) against the fake Gemini API on 127.0.0.1 and a proxy that refuses everything
 * else, and no extraction key: the settings say `extraction.provider: "gemini-cli"`. Brain is installed into
 * Gemini CLI by `brain install gemini` (hooks + MCP server), so the learner's own `gemini -p` would run Brain's
 * hooks unless the guard works. Session 1 says a correction; the turn's end queues the chat and starts the
 * learner, which runs `gemini -p --output-format json` with the extraction rules as its system prompt; the
 * fake model answers with the memory as fenced JSON, as Gemini models often do; the memory is stored.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { learnFiles } from "../support/learner.ts";
import { type FakeGemini, type GeminiRequest, startFakeGemini } from "./_fake-gemini.ts";
import { GEMINI, GEMINI_ARGS, geminiEnv, geminiSettings, missing, runHost } from "./_hosts.ts";
import { waitIdle } from "./_learning.ts";
import { type NoEgress, startNoEgress } from "./_no-egress.ts";

const CORRECTION = "Actually the deploy must run as the deploy user, not root. Remember that for next time.";
const FACT = "Deploys run as the deploy user, never as root";
const ANSWER = {
  items: [{ type: "learning", text: FACT, importance: "high" }],
  summary: "Deploy user, not root",
};
const RULES = "pick out the few things worth remembering";

let sb: Sandbox;
let project: string;
let api: FakeGemini;
let egress: NoEgress;

/** The learner's call: the extraction rules are its system instruction (GEMINI_SYSTEM_MD). */
const isExtraction = (q: GeminiRequest) => JSON.stringify(q.body.systemInstruction ?? "").includes(RULES);

before(async () => {
  if (missing(GEMINI)) return;
  sb = sandbox("brain-e2e-gemini-headless-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  api = await startFakeGemini((q) =>
    isExtraction(q)
      ? { text: `\`\`\`json\n${JSON.stringify(ANSWER)}\n\`\`\`` }
      : { text: "Noted: the deploy user." },
  );
  egress = await startNoEgress();
  fs.mkdirSync(join(sb.home, ".gemini"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".gemini", "settings.json"), geminiSettings());
  const inst = await brain(sb, ["install", "gemini"]);
  assert.equal(inst.code, 0, show(inst));
});
after(async () => {
  if (sb) await waitIdle(sb).catch(() => {});
  await api?.close();
  await egress?.close();
  if (sb) removeSandbox(sb);
});

describe("Gemini CLI headless as the learner's model (gemini -p, @google/gemini-cli 0.61.0)", {
  skip: missing(GEMINI),
}, () => {
  it("no API key for Brain: the learner's gemini -p extracts the correction, and Brain's hooks do not queue it", async () => {
    const config = join(sb.dir, "config.json");
    fs.writeFileSync(config, JSON.stringify({ extraction: { provider: "gemini-cli" } }));
    const base = geminiEnv(api.baseUrl);
    const env = childEnv(sb, {
      ...base,
      // The learner finds `gemini` on PATH, as a user's shell does.
      PATH: `${base.PATH}:${dirname(GEMINI)}`,
      BRAIN_CONFIG: config,
      ...egress.env,
    });
    const r = await runHost(GEMINI, ["-p", CORRECTION, ...GEMINI_ARGS], { env, cwd: project });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    await waitIdle(sb);
    assert.deepEqual(egress.attempts, [], "Gemini CLI reached only the fake model");

    const stored = readLines(sb.brainPath).filter((e) => e.text === FACT);
    assert.equal(stored.length, 1, JSON.stringify(readLines(learnFiles(sb.brainPath).log)));
    assert.equal(stored[0]?.source, "auto");

    const calls = api.requests.filter(isExtraction);
    assert.equal(calls.length, 1, "one extraction call");
    const call = calls[0] as GeminiRequest;
    assert.equal(call.model, "gemini-2.5-flash", "the small model was asked for");
    const text = JSON.stringify(call.body.contents);
    assert.match(text, /deploy must run as the deploy user/, "it read the transcript");
    assert.match(text, /JSON Schema/, "the answer's shape asked for in words");
    assert.doesNotMatch(
      JSON.stringify(call.body),
      /# Brain: what you remember/,
      "no Brain context was injected",
    );
    // Gemini CLI names an MCP tool by server and name; the session's own request shows the name it uses.
    const BRAIN_TOOL = /"(mcp_)?brain(__|_)brain"/;
    const session = api.requests.find((q) => !isExtraction(q) && JSON.stringify(q.body).includes(CORRECTION));
    assert.match(
      JSON.stringify(session?.body.tools ?? []),
      BRAIN_TOOL,
      "the session itself had Brain's tool",
    );
    assert.doesNotMatch(
      JSON.stringify(call.body.tools ?? []),
      BRAIN_TOOL,
      "Brain's MCP server was not loaded in it",
    );

    // Brain's hooks queued session 1 only: one chat file, none of the learner's own run.
    const queued = readLines(learnFiles(sb.brainPath).queue).filter((q) => q.host === "gemini");
    assert.ok(queued.length > 0, "the session was queued");
    assert.equal(new Set(queued.map((q) => q.transcript_path)).size, 1, JSON.stringify(queued));
    const hostCalls = JSON.parse(
      fs.readFileSync(join(dirname(sb.brainPath), ".brain", "host-calls.json"), "utf8"),
    );
    assert.equal(hostCalls.calls, 1, "one call counted against the day's budget");
  });
});
