/**
 * The headless extraction provider over Codex CLI (`codex exec`) and Gemini CLI (`gemini -p`) (issue 23):
 * real child processes — fake `codex` / `gemini` programs (test/support/fake-hosts.ts) that check their argv
 * and print the real programs' output shapes — for the answer and its usage, the files the run reads, the
 * recursion guard's environment, the timeout, the day's budget (one, shared by every host) and the failures.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createHeadlessProvider } from "../../src/learn/extract/headless.ts";
import { type HostProviderName, parseHeadless } from "../../src/learn/extract/headless-config.ts";
import { hostBudget } from "../../src/learn/extract/host-budget.ts";
import { BrainHome } from "../../src/store/home.ts";
import { ANSWER, failure, request } from "../support/extraction-request.ts";
import { type FakeHost, fakeCodex, fakeGemini } from "../support/fake-hosts.ts";
import { strictViolations } from "../support/strict-violations.ts";

const tmp = fs.mkdtempSync(join(os.tmpdir(), "brain-headless-hosts-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const HOSTS: { provider: HostProviderName; fake: (dir: string) => FakeHost; invocation: string }[] = [
  { provider: "codex-cli", fake: fakeCodex, invocation: "codex exec" },
  { provider: "gemini-cli", fake: fakeGemini, invocation: "gemini -p" },
];

let n = 0;
for (const host of HOSTS) {
  function setup(env: Record<string, string> = {}, over: Record<string, unknown> = {}, dir?: string) {
    const base = dir ?? join(tmp, `case-${++n}`);
    const fake = host.fake(join(base, `bin-${host.provider}`));
    const home = new BrainHome(join(base, "brain"));
    fs.mkdirSync(home.local, { recursive: true });
    const config = parseHeadless(
      "config.json",
      { provider: host.provider, ...over },
      {
        PATH: `${fake.dir}:/usr/bin:/bin`,
        CLAUDECODE: "1",
        FAKE_HOST_ANSWER: JSON.stringify(ANSWER),
        ...env,
      },
    );
    const budget = hostBudget(home, config.callsPerDay, () => new Date(2026, 10, 26, 9, 0, 0));
    // Codex's config.toml as `brain install codex` leaves it: Brain's MCP server declared.
    const codexDir = join(base, "codex-home");
    fs.mkdirSync(codexDir, { recursive: true });
    fs.writeFileSync(
      join(codexDir, "config.toml"),
      'model = "m"\n\n[mcp_servers.brain]\ncommand = "brain"\n',
    );
    const provider = createHeadlessProvider(config, fake.bin, {
      budget,
      cwd: home.local,
      places: { codexDir },
    });
    return { fake, home, provider, budget, base };
  }

  describe(`headless provider (${host.invocation})`, () => {
    test("one run: the answer, usage, the prompt on stdin, the rules and schema it was given, the guard's environment", async () => {
      const { fake, provider, budget } = setup();
      const r = await provider.complete(request);
      assert.deepEqual(r.value, ANSWER);
      assert.equal(r.calls, 1);
      assert.deepEqual(r.usage, { inputTokens: 10, outputTokens: 5 });
      const runs = fake.runs();
      assert.equal(runs.length, 1);
      const run = runs[0] as (typeof runs)[number];
      assert.match(run.stdin, /don't use npm here/, "the conversation goes on stdin");
      assert.deepEqual(run.env, { BRAIN_HOOKS: "off", RHO_SUBAGENT: "1", CLAUDECODE: null });
      assert.equal(budget.used(), 1);
      const rules = run.files.instructions ?? run.files.system;
      assert.equal(rules, request.system, "the extraction rules replace the host's own prompt");
      if (host.provider === "codex-cli") {
        assert.ok(run.argv.includes("--ephemeral"), "no session written to learn from");
        assert.ok(run.argv.includes("mcp_servers.brain.enabled=false"), "Brain's own MCP server off");
        assert.deepEqual(run.argv.slice(run.argv.indexOf("--disable"), run.argv.indexOf("--disable") + 2), [
          "--disable",
          "hooks",
        ]);
        assert.equal(run.argv[run.argv.indexOf("--sandbox") + 1], "read-only");
        assert.ok(!run.argv.includes("--model"), "Codex keeps the user's own configured model");
        const schema = JSON.parse(run.files.schema ?? "{}") as Record<string, unknown>;
        assert.ok((schema.properties as Record<string, unknown>).items, "the extraction schema");
        assert.equal(schema.$schema, undefined);
        // Codex sends it with "strict": true: OpenAI refuses (400) a schema outside strict mode's subset.
        assert.deepEqual(strictViolations(schema), []);
      } else {
        assert.equal(run.argv[run.argv.indexOf("--model") + 1], "gemini-2.5-flash", "a small model");
        assert.match(run.argv[run.argv.indexOf("-p") + 1] ?? "", /JSON Schema:\n\{.*"items"/su);
        assert.equal(run.argv[run.argv.indexOf("--extensions") + 1], "none");
        assert.ok(run.argv.includes("--allowed-mcp-server-names"), "no MCP server (Brain's own included)");
      }
    });

    test("a model named in the settings is passed", async () => {
      const { fake, provider } = setup({}, { model: "small-one" });
      await provider.complete(request);
      const argv = fake.runs()[0]?.argv ?? [];
      assert.equal(argv[argv.indexOf("--model") + 1], "small-one");
    });

    test("past timeoutMs the child is killed: LlmError timeout", async () => {
      const { fake, provider } = setup({ FAKE_HOST_MODE: "hang" }, { timeoutMs: 300 });
      const e = await failure(provider.complete(request));
      assert.equal(e.failure, "timeout");
      assert.match(e.message, /killed/);
      const pid = fake.runs()[0]?.pid;
      assert.ok(pid, "the child ran");
      assert.throws(() => process.kill(pid, 0), /ESRCH/, "the child is gone");
    });

    test("the day's budget is one for every host: calls another host made count, past it no child starts", async () => {
      const first = setup({}, { callsPerDay: 2 });
      await first.provider.complete(request);
      // Another host's provider on the same brain (the user switched hosts today).
      const other = HOSTS.find((h) => h !== host) as (typeof HOSTS)[number];
      const o = other.fake(join(first.base, "other"));
      const config = parseHeadless(
        "c",
        { provider: other.provider, callsPerDay: 2 },
        { PATH: `${o.dir}:/usr/bin:/bin`, FAKE_HOST_ANSWER: JSON.stringify(ANSWER) },
      );
      const budget = hostBudget(first.home, 2, () => new Date(2026, 10, 26, 10, 0, 0));
      await createHeadlessProvider(config, o.bin, { budget, cwd: first.home.local }).complete(request);
      const e = await failure(first.provider.complete(request));
      assert.equal(e.failure, "budget");
      assert.match(e.message, /callsPerDay/);
      assert.equal(first.fake.runs().length, 1, "no second run");
    });

    test("output that is not JSON: malformed, with what it printed", async () => {
      const { provider } = setup({ FAKE_HOST_MODE: "garbage" });
      const e = await failure(provider.complete(request));
      assert.equal(e.failure, "malformed");
      assert.match(e.message, /something went wrong/);
    });

    test("the host's own error (not signed in): http, with its text", async () => {
      const { provider } = setup({ FAKE_HOST_MODE: "error" });
      const e = await failure(provider.complete(request));
      assert.equal(e.failure, "http");
      assert.match(e.message, new RegExp(`^${host.provider} \\(${host.invocation}\\): exit \\d+: `));
      assert.match(e.message, /401 Unauthorized|GEMINI_API_KEY/);
    });

    test("an answer outside the schema (an item over maxChars): malformed", async () => {
      const long = { items: [{ type: "learning", text: "x".repeat(201), importance: "low" }] };
      const { provider } = setup({ FAKE_HOST_ANSWER: JSON.stringify(long) });
      const e = await failure(provider.complete(request));
      assert.equal(e.failure, "malformed");
      assert.match(e.message, /schema/);
    });

    test("the files the run read are removed after it", async () => {
      const { provider } = setup();
      const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("brain-host-call-"));
      await provider.complete(request);
      const after = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith("brain-host-call-"));
      assert.deepEqual(
        after.filter((f) => !before.includes(f)),
        [],
      );
    });
  });
}

test("codex: Brain's MCP server is switched off only when config.toml declares it (naming one it lacks is a Codex config error)", async () => {
  const { hasBrainServer } = await import("../../src/learn/extract/headless-codex.ts");
  const dir = join(tmp, "codex-dirs");
  const write = (name: string, text: string) => {
    fs.mkdirSync(join(dir, name), { recursive: true });
    fs.writeFileSync(join(dir, name, "config.toml"), text);
    return join(dir, name);
  };
  assert.equal(hasBrainServer(write("with", '[mcp_servers.brain]\ncommand = "x"\n')), true);
  assert.equal(hasBrainServer(write("quoted", '[mcp_servers."brain"]\ncommand = "x"\n')), true);
  assert.equal(
    hasBrainServer(write("other", '[mcp_servers.brainy]\ncommand = "x"\n# [mcp_servers.brain]\n')),
    false,
  );
  assert.equal(hasBrainServer(join(dir, "none")), false);
  assert.equal(hasBrainServer(undefined), false);
});

test("gemini: an answer in a ```json fence is read", async () => {
  const fake = fakeGemini(join(tmp, "fenced", "bin"));
  const home = new BrainHome(join(tmp, "fenced", "brain"));
  fs.mkdirSync(home.local, { recursive: true });
  const config = parseHeadless(
    "c",
    { provider: "gemini-cli" },
    { PATH: fake.dir, FAKE_HOST_MODE: "fenced", FAKE_HOST_ANSWER: JSON.stringify(ANSWER) },
  );
  const p = createHeadlessProvider(config, fake.bin, {
    budget: hostBudget(home, 5, () => new Date()),
    cwd: home.local,
  });
  assert.deepEqual((await p.complete(request)).value, ANSWER);
});
