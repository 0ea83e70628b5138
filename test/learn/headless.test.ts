/**
 * The extraction provider over an agent host's headless mode (issue 23): a real child process — a fake
 * `claude` in a temp directory (test/support/fake-claude.ts) printing what Claude Code 2.1.197 prints for
 * `-p --output-format json --json-schema` — for the answer, the recursion guard's environment, the timeout
 * (the child is killed), the day's budget and answers it cannot use.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createHeadlessProvider } from "../../src/learn/extract/headless.ts";
import { type HeadlessConfig, parseHeadless } from "../../src/learn/extract/headless-config.ts";
import { hostBudget } from "../../src/learn/extract/host-budget.ts";
import { BrainHome } from "../../src/store/home.ts";
import { ANSWER, failure, request } from "../support/extraction-request.ts";
import { fakeClaude } from "../support/fake-claude.ts";

const tmp = fs.mkdtempSync(join(os.tmpdir(), "brain-headless-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function setup(env: Record<string, string> = {}, over: Record<string, unknown> = {}) {
  const dir = join(tmp, `case-${++n}`);
  const fake = fakeClaude(join(dir, "bin"));
  const home = new BrainHome(join(dir, "brain"));
  fs.mkdirSync(home.local, { recursive: true });
  const config: HeadlessConfig = parseHeadless(
    "config.json",
    { provider: "claude-code", ...over },
    {
      PATH: `${fake.dir}:/usr/bin:/bin`,
      CLAUDECODE: "1",
      ...env,
    },
  );
  let now = new Date(2026, 10, 26, 9, 0, 0);
  const budget = hostBudget(home, config.callsPerDay, () => now);
  const provider = createHeadlessProvider(config, fake.bin, { budget, cwd: home.local });
  return { fake, home, provider, budget, setNow: (d: Date) => (now = d) };
}

describe("headless provider (claude -p)", () => {
  test("one run: the structured answer, usage, the prompt on stdin, the guard's environment", async () => {
    const { fake, provider, budget } = setup({ FAKE_CLAUDE_ANSWER: JSON.stringify(ANSWER) });
    const r = await provider.complete(request);
    assert.deepEqual(r.value, ANSWER);
    assert.equal(r.calls, 1);
    assert.deepEqual(r.usage, { inputTokens: 15, outputTokens: 7 });
    const [run, ...more] = fake.runs();
    assert.equal(more.length, 0);
    assert.ok(run);
    assert.match(run.stdin, /don't use npm here/, "the conversation goes on stdin");
    assert.deepEqual(run.env, { BRAIN_HOOKS: "off", RHO_SUBAGENT: "1", CLAUDECODE: null });
    const arg = (flag: string) => run.argv[run.argv.indexOf(flag) + 1];
    assert.ok(run.argv.includes("-p"));
    assert.equal(arg("--output-format"), "json");
    assert.equal(arg("--model"), "haiku", "the smallest model by default, not the host's largest");
    assert.equal(arg("--tools"), "", "no tools");
    assert.equal(arg("--system-prompt"), request.system);
    assert.ok(run.argv.includes("--no-session-persistence"), "no session to learn from");
    assert.ok(run.argv.includes("--strict-mcp-config"), "no MCP servers (Brain's own included)");
    assert.deepEqual(JSON.parse(arg("--settings") as string), { disableAllHooks: true });
    const schema = JSON.parse(arg("--json-schema") as string) as { properties: Record<string, unknown> };
    assert.ok(schema.properties.items, "the extraction schema as JSON Schema");
    assert.equal(budget.used(), 1);
  });

  test("an answer only in the result text is read too", async () => {
    const { provider } = setup({ FAKE_CLAUDE_MODE: "text", FAKE_CLAUDE_ANSWER: JSON.stringify(ANSWER) });
    assert.deepEqual((await provider.complete(request)).value, ANSWER);
  });

  test("past timeoutMs the child is killed: LlmError timeout", async () => {
    const { fake, provider } = setup({ FAKE_CLAUDE_MODE: "hang" }, { timeoutMs: 300 });
    const e = await failure(provider.complete(request));
    assert.equal(e.failure, "timeout");
    assert.match(e.message, /killed/);
    const pid = fake.runs()[0]?.pid;
    assert.ok(pid, "the child ran");
    assert.throws(() => process.kill(pid, 0), /ESRCH/, "the child is gone");
  });

  test("the day's budget: calls past callsPerDay fail with 'budget' and start no child; a new day starts afresh", async () => {
    const { fake, provider, budget, setNow } = setup(
      { FAKE_CLAUDE_ANSWER: JSON.stringify(ANSWER) },
      { callsPerDay: 2 },
    );
    await provider.complete(request);
    await provider.complete(request);
    const e = await failure(provider.complete(request));
    assert.equal(e.failure, "budget");
    assert.match(e.message, /callsPerDay/);
    assert.equal(fake.runs().length, 2, "no third run");
    assert.equal(budget.left(), 0);
    setNow(new Date(2026, 10, 27, 0, 5, 0));
    assert.equal(budget.left(), 2);
    await provider.complete(request);
    assert.equal(fake.runs().length, 3);
  });

  test("callsPerDay 0: never runs", async () => {
    const { fake, provider } = setup({}, { callsPerDay: 0 });
    assert.equal((await failure(provider.complete(request))).failure, "budget");
    assert.equal(fake.runs().length, 0);
  });

  test("output that is not JSON: malformed, with what it printed", async () => {
    const { provider } = setup({ FAKE_CLAUDE_MODE: "garbage" });
    const e = await failure(provider.complete(request));
    assert.equal(e.failure, "malformed");
    assert.match(e.message, /something went wrong/);
  });

  test("an error result (not signed in): http, with its text", async () => {
    const { provider } = setup({ FAKE_CLAUDE_MODE: "error" });
    const e = await failure(provider.complete(request));
    assert.equal(e.failure, "http");
    assert.match(e.message, /Invalid API key/);
  });

  test("an answer outside the schema (an item over maxChars): malformed", async () => {
    const long = { items: [{ type: "learning", text: "x".repeat(201), importance: "low" }] };
    const { provider } = setup({ FAKE_CLAUDE_ANSWER: JSON.stringify(long) });
    const e = await failure(provider.complete(request));
    assert.equal(e.failure, "malformed");
    assert.match(e.message, /schema/);
  });

  test("a program that does not exist: an error, not a crash", async () => {
    const { home } = setup();
    const config = parseHeadless("c", { provider: "claude-code" }, { PATH: "/nowhere" });
    const budget = hostBudget(home, 5, () => new Date());
    const p = createHeadlessProvider(config, join(tmp, "no-such-claude"), { budget, cwd: home.local });
    const e = await failure(p.complete(request));
    assert.match(e.message, /could not start/);
  });
});
