/**
 * Codex CLI and Gemini CLI as the learner's model, through the built CLI (issue 23): `extraction.provider`
 * "codex-cli" / "gemini-cli" with a fake program first on PATH (test/support/fake-hosts.ts); the memory is
 * stored and `brain learn --status` names the host; `learn --use` and `install <host> --learn-with-<host>`
 * switch it on (never silently); and for every host provider, claude-code included, a provider error reaches
 * the next session once as the same notice.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runHook } from "../hooks/_support.ts";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { fakeClaude } from "../support/fake-claude.ts";
import { fakeCodex, fakeGemini } from "../support/fake-hosts.ts";
import { learnFiles } from "../support/learner.ts";
import { project, queueTranscript, S1, S2, turn, withSettings } from "./_support.ts";

const FACT = "Staging server port is 8443 (changed in the migration)";
const ANSWER = { items: [{ type: "learning", text: FACT, importance: "high" }], summary: "Moved staging" };
const PATH = process.env.PATH ?? "/usr/bin:/bin";

function transcript(sb: Sandbox, session: string, cwd: string, said: string): string {
  const file = join(sb.dir, `${session}.jsonl`);
  fs.writeFileSync(file, turn(session, "user", said, cwd) + turn(session, "assistant", "Noted.", cwd));
  return file;
}

const HOSTS = [
  {
    provider: "codex-cli",
    host: "codex",
    fake: fakeCodex,
    words: /codex-cli \(codex exec, its configured model\)/,
  },
  {
    provider: "gemini-cli",
    host: "gemini",
    fake: fakeGemini,
    words: /gemini-cli \(gemini -p, model gemini-2\.5-flash\)/,
  },
] as const;

for (const h of HOSTS) {
  describe(`the learner with extraction.provider ${h.provider}`, () => {
    it("stores what the host answers, and --status names the host and the calls left", async (t) => {
      const sb = freshSandbox(t, `brain-${h.host}-learn-`);
      assert.equal((await brain(sb, ["init"])).code, 0);
      const fake = h.fake(join(sb.dir, "bin"));
      const p = project(sb);
      const env = {
        ...withSettings(sb, { extraction: { provider: h.provider, callsPerDay: 3 } }),
        PATH: `${fake.dir}:${PATH}`,
        FAKE_HOST_ANSWER: JSON.stringify(ANSWER),
      };
      const before = await brain(sb, ["learn", "--status"], { env });
      assert.match(
        before.stdout,
        new RegExp(
          `^Mode: learning with a model: the host's: ${h.words.source}, 3 of 3 calls left today`,
          "m",
        ),
      );
      queueTranscript(
        sb.brainPath,
        transcript(sb, S1, p.cwd, "Heads up: staging listens on 8443 now."),
        p.cwd,
      );
      const r = await brain(sb, ["learn"], { env });
      assert.equal(r.code, 0, show(r));
      assert.equal(fake.runs().length, 1, "one headless run");
      assert.equal(fake.runs()[0]?.env.BRAIN_HOOKS, "off");
      assert.match(fake.runs()[0]?.stdin ?? "", /staging listens on 8443/);
      const stored = readLines(sb.brainPath).filter((e) => e.text === FACT);
      assert.equal(stored.length, 1, JSON.stringify(readLines(learnFiles(sb.brainPath).log)));
      const after = await brain(sb, ["learn", "--status"], { env });
      assert.match(after.stdout, new RegExp(`${h.words.source}, 2 of 3 calls left today`));
    });

    it(`switched on only by the user: learn --use ${h.provider}, install ${h.host} --learn-with-${h.host}; install without it only offers`, async (t) => {
      const sb = freshSandbox(t, `brain-${h.host}-use-`);
      assert.equal((await brain(sb, ["init"])).code, 0);
      const fake = h.fake(join(sb.dir, "bin"));
      const file = join(sb.dir, "config.json");
      const env = { BRAIN_CONFIG: file, PATH: `${fake.dir}:${PATH}` };

      const offered = await brain(sb, ["learn", "--status"], { env });
      assert.match(
        offered.stdout,
        new RegExp(
          `learning without a model: .* (is|are) installed: .*brain learn --use [a-z|-]*${h.provider}`,
        ),
      );

      const plain = await brain(sb, ["install", h.host], { env });
      assert.equal(plain.code, 0, show(plain));
      assert.match(
        plain.stdout,
        new RegExp(`brain install ${h.host} --learn-with-${h.host}, or brain learn --use ${h.provider}`),
      );
      assert.equal(fs.existsSync(file), false, "nothing switched on without the flag");
      const quiet = await brain(sb, ["install", h.host, "--no-learn-with-host"], { env });
      assert.doesNotMatch(quiet.stdout, /learn-with/, "--no-learn-with-host: not even offered");
      const wrong = await brain(sb, ["install", h.host, "--learn-with-claude"], { env });
      assert.notEqual(wrong.code, 0);
      assert.match(wrong.stderr, /--learn-with-claude goes with `brain install claude`/);
      assert.equal(fs.existsSync(file), false);

      const on = await brain(sb, ["install", h.host, `--learn-with-${h.host}`, "--json"], { env });
      assert.equal(on.code, 0, show(on));
      assert.match(JSON.parse(on.stdout).learning.line, /now uses .*headless mode/);
      assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), { extraction: { provider: h.provider } });
      assert.equal(fake.runs().length, 0, "switching on runs nothing");

      const off = await brain(sb, ["learn", "--use", "none"], { env });
      assert.equal(off.code, 0, show(off));
      assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), {});
      const use = await brain(sb, ["learn", "--use", h.provider], { env });
      assert.equal(use.code, 0, show(use));
      assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), { extraction: { provider: h.provider } });

      const missing = await brain(sb, ["learn", "--use", h.provider], {
        env: { BRAIN_CONFIG: join(sb.dir, "other.json"), PATH: "/usr/bin:/bin" },
      });
      assert.notEqual(missing.code, 0);
      assert.match(missing.stderr, new RegExp(`${h.host} is not on PATH: install`));
    });
  });
}

describe("the offer names every host installed", () => {
  it("claude, codex and gemini on PATH, no key: --status offers the three, and runs none", async (t) => {
    const sb = freshSandbox(t, "brain-host-offer-");
    assert.equal((await brain(sb, ["init"])).code, 0);
    const bin = join(sb.dir, "bin");
    const fakes = [fakeClaude(bin), fakeCodex(bin), fakeGemini(bin)];
    const env = { BRAIN_CONFIG: join(sb.dir, "config.json"), PATH: `${bin}:/usr/bin:/bin` };
    const s = await brain(sb, ["learn", "--status"], { env });
    assert.equal(s.code, 0, show(s));
    assert.match(
      s.stdout,
      /Claude Code, Codex and Gemini CLI are installed: to learn with one's model \(your sign-in's quota, at most 20 calls a day\), run `brain learn --use claude-code\|codex-cli\|gemini-cli`/,
    );
    assert.deepEqual(
      fakes.map((f) => f.runs().length),
      [0, 0, 0],
    );
  });
});

describe("a host provider's error, said once to the next session", () => {
  const CASES = [
    {
      provider: "claude-code",
      words: "claude -p",
      said: /Invalid API key/,
      fake: (d: string) => fakeClaude(d),
      env: { FAKE_CLAUDE_MODE: "error" },
    },
    {
      provider: "codex-cli",
      words: "codex exec",
      said: /401 Unauthorized/,
      fake: fakeCodex,
      env: { FAKE_HOST_MODE: "error" },
    },
    {
      provider: "gemini-cli",
      words: "gemini -p",
      said: /GEMINI_API_KEY/,
      fake: fakeGemini,
      env: { FAKE_HOST_MODE: "error" },
    },
  ];
  for (const c of CASES)
    it(`${c.provider}: the notice names the provider and what the host said, once`, async (t) => {
      const sb = freshSandbox(t, "brain-host-error-");
      assert.equal((await brain(sb, ["init"])).code, 0);
      const fake = c.fake(join(sb.dir, "bin"));
      const p = project(sb);
      const env = {
        ...withSettings(sb, { extraction: { provider: c.provider } }),
        PATH: `${fake.dir}:${PATH}`,
        ...c.env,
      };
      queueTranscript(
        sb.brainPath,
        transcript(sb, S1, p.cwd, "Heads up: staging listens on 8443 now."),
        p.cwd,
      );
      assert.equal((await brain(sb, ["learn", "--once"], { env })).code, 0);
      const prompt = { session_id: S2, cwd: p.cwd, hook_event_name: "UserPromptSubmit", prompt: "hello" };
      const message = (stdout: string) =>
        stdout ? (JSON.parse(stdout) as { systemMessage?: string }).systemMessage : undefined;
      const first = message((await runHook(sb, "user-prompt-submit", prompt, { env })).stdout) ?? "";
      const line = first.split("\n").find((l) => l.startsWith("🧠 the learner failed: ")) ?? "";
      assert.match(
        line,
        new RegExp(`^🧠 the learner failed: .*${c.provider} \\(${c.words}\\): exit \\d+: `),
        first,
      );
      assert.match(line, c.said);
      assert.match(line, /\(`brain learn --status` shows more\)$/);
      assert.match(first, new RegExp(`^🧠 learning with a model: the host's: ${c.provider}`, "m"));
      assert.equal((await brain(sb, ["learn", "--once"], { env })).code, 0, "the same failure again");
      assert.equal(
        message((await runHook(sb, "user-prompt-submit", prompt, { env })).stdout),
        undefined,
        "said once",
      );
    });
});
