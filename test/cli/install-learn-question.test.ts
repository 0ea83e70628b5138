/**
 * `brain install <host>`'s question (issue 23): on a terminal, when the learner has no model and the host's
 * program is on PATH, install asks once whether the learner may use the host's model — y/N, default no —
 * and is never asked with --yes, --no-learn-with-host, or when a key is set. The terminal is a real
 * pseudo-terminal: util-linux `script` runs the built CLI in one and passes the typed answer through.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { BIN, brain, freshSandbox, run, type Sandbox } from "../support/cli.ts";
import { fakeClaude } from "../support/fake-claude.ts";
import { fakeCodex, fakeGemini } from "../support/fake-hosts.ts";

const SCRIPT = ["/usr/bin/script", "/bin/script"].find((f) => fs.existsSync(f));
const QUESTION = /The learner has no model \(no API key\)\. Let it use (.+)'s model \((.+)\)\? \[y\/N\]/;

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** `brain <args>` in a pseudo-terminal, `typed` as what the user types. */
async function onTerminal(sb: Sandbox, args: string[], typed: string, env: Record<string, string>) {
  const line = [process.execPath, BIN, ...args].map(quote).join(" ");
  const r = await run(SCRIPT as string, ["-qec", line, "/dev/null"], sb, { env, stdin: typed });
  return { ...r, stdout: r.stdout.replaceAll("\r", "") };
}

function setup(sb: Sandbox) {
  const bin = join(sb.dir, "bin");
  fakeClaude(bin);
  fakeCodex(bin);
  fakeGemini(bin);
  const file = join(sb.dir, "config.json");
  return { file, env: { BRAIN_CONFIG: file, PATH: `${bin}:/usr/bin:/bin` } };
}

describe("brain install asks whether to learn with the host's model", {
  skip: SCRIPT ? false : "no util-linux script",
}, () => {
  it("on a terminal: asked once; y switches it on", async (t) => {
    const sb = freshSandbox(t, "brain-install-ask-");
    const { file, env } = setup(sb);
    const r = await onTerminal(sb, ["install", "codex"], "y\n", env);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const asked = r.stdout.split("\n").filter((l) => QUESTION.test(l));
    assert.equal(asked.length, 1, r.stdout);
    assert.match(
      asked[0] as string,
      /Let it use Codex's model \(codex exec: your Codex sign-in's quota, at most 20 calls a day\)/,
    );
    assert.match(r.stdout, /The learner now uses Codex's headless mode/);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), { extraction: { provider: "codex-cli" } });
  });

  it("on a terminal: Enter (the default) and n leave it off", async (t) => {
    for (const typed of ["\n", "n\n"]) {
      const sb = freshSandbox(t, "brain-install-ask-no-");
      const { file, env } = setup(sb);
      const r = await onTerminal(sb, ["install", "gemini"], typed, env);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, QUESTION);
      assert.match(r.stdout, /The learner stays without a model\. Later: brain learn --use gemini-cli/);
      assert.equal(fs.existsSync(file), false, `nothing written after ${JSON.stringify(typed)}`);
    }
  });

  it("claude: asked after the core-files choice; y switches to claude-code", async (t) => {
    const sb = freshSandbox(t, "brain-install-ask-claude-");
    const { file, env } = setup(sb);
    const r = await onTerminal(
      sb,
      ["install", "claude", "--dir", join(sb.dir, "m"), "--no-core-files"],
      "y\n",
      env,
    );
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Let it use Claude Code's model \(claude -p/);
    assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), { extraction: { provider: "claude-code" } });
  });

  it("never asked with --yes, --no-learn-with-host, or a key set — even on a terminal", async (t) => {
    const cases: [string[], Record<string, string>][] = [
      [["--yes"], {}],
      [["--no-learn-with-host"], {}],
      [[], { ANTHROPIC_API_KEY: "sk-ant-test" }],
    ];
    for (const [flags, extra] of cases) {
      const sb = freshSandbox(t, "brain-install-noask-");
      const { file, env } = setup(sb);
      const r = await onTerminal(sb, ["install", "codex", ...flags], "y\n", { ...env, ...extra });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.doesNotMatch(r.stdout, QUESTION, `${flags.join(" ")} ${Object.keys(extra).join(" ")}`);
      assert.equal(fs.existsSync(file), false, "nothing switched on");
    }
  });

  it("not a terminal: not asked, only told the flag", async (t) => {
    const sb = freshSandbox(t, "brain-install-pipe-");
    const { file, env } = setup(sb);
    const r = await brain(sb, ["install", "codex"], { env, stdin: "y\n" });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout, QUESTION);
    assert.match(r.stdout, /brain install codex --learn-with-codex/);
    assert.equal(fs.existsSync(file), false);
  });
});
