/**
 * One memory across hosts: in one temp HOME with Brain installed into both, a real Codex session hears a
 * fact (no brain tool call), its Stop hook queues the rollout and the learner extracts a memory; then a real
 * Gemini CLI session's model request carries that memory. Each host against its own fake API on 127.0.0.1.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { brain, childEnv, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { type FakeGemini, startFakeGemini } from "./_fake-gemini.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./_fake-openai.ts";
import { type FakeResponses, startFakeResponses } from "./_fake-responses.ts";
import {
  CODEX,
  codexConfig,
  GEMINI,
  GEMINI_ARGS,
  geminiEnv,
  geminiSettings,
  missing,
  runHost,
} from "./_hosts.ts";
import { ASKED, extractionAnswer, extractionConfig, LEARNED, STATED, waitIdle } from "./_learning.ts";
import { type NoEgress, startNoEgress } from "./_no-egress.ts";

let sb: Sandbox;
let project: string;
let codexApi: FakeResponses;
let geminiApi: FakeGemini;
let extractor: FakeOpenAI;
let egress: NoEgress;

before(async () => {
  if (missing(CODEX, GEMINI)) return;
  sb = sandbox("brain-e2e-cross-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  codexApi = await startFakeResponses(() => ({ text: "Noted." }));
  geminiApi = await startFakeGemini(() => ({ text: "Noted." }));
  extractor = await startFakeOpenAI(() => ({ text: JSON.stringify(extractionAnswer) }));
  egress = await startNoEgress();
  fs.mkdirSync(join(sb.home, ".codex"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".codex", "config.toml"), codexConfig(codexApi.baseUrl));
  fs.mkdirSync(join(sb.home, ".gemini"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".gemini", "settings.json"), geminiSettings());
  for (const host of ["codex", "gemini"]) {
    const inst = await brain(sb, ["install", host]);
    assert.equal(inst.code, 0, show(inst));
  }
});
after(async () => {
  if (sb) await waitIdle(sb).catch(() => {});
  await codexApi?.close();
  await geminiApi?.close();
  await extractor?.close();
  await egress?.close();
  if (sb) removeSandbox(sb);
});

describe("learned in Codex, recalled in Gemini CLI (same HOME)", { skip: missing(CODEX, GEMINI) }, () => {
  it("the memory Codex's session left reaches Gemini's model request", async () => {
    const env = childEnv(sb, {
      CODEX_HOME: join(sb.home, ".codex"),
      FAKE_MODEL_KEY: "sk-fake",
      ...geminiEnv(geminiApi.baseUrl),
      BRAIN_CONFIG: extractionConfig(sb, "openai", extractor.baseUrl),
      BRAIN_E2E_KEY: "sk-fake-extraction-key",
      ...egress.env,
    });
    const codexEnv = { ...env, PATH: process.env.PATH ?? "/usr/bin:/bin" };
    const c = await runHost(
      CODEX,
      ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", STATED],
      {
        env: codexEnv,
        cwd: project,
      },
    );
    assert.equal(c.code, 0, `${c.stdout}\n${c.stderr}`);
    await waitIdle(sb);
    assert.ok(
      readLines(sb.brainPath).some((e) => e.text === LEARNED),
      "Codex's session was learned",
    );
    assert.ok(!JSON.stringify(codexApi.requests).includes(LEARNED), "the memory did not exist before");

    const g = await runHost(GEMINI, ["-p", ASKED, ...GEMINI_ARGS], { env, cwd: project });
    assert.equal(g.code, 0, `${g.stdout}\n${g.stderr}`);
    const main = geminiApi.requests.find((q) => JSON.stringify(q.body).includes(ASKED));
    assert.ok(main, "Gemini's request carried the question");
    assert.ok(JSON.stringify(main.body).includes(LEARNED), "and the memory learned in Codex");
    assert.deepEqual(egress.attempts, [], "both hosts reached only their fakes");
  });
});
