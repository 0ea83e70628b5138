/**
 * Claude Code's tool hooks with the real program (e2e lane): the fake model asks for a failing Bash command
 * and then a Read; Claude Code runs both and fires the plugin's PostToolUseFailure and PostToolUse hooks
 * (through the stable entry point `brain install` wrote), and each call lands once in the tool-event log
 * with the fields its payload carries — the check that Brain reads Claude Code's documented fields right.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { shellJoin } from "../../src/hosts/claude/plugin.ts";
import { brain, readLines, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { type FakeAnthropic, startFakeAnthropic, type ToolUse } from "./_fake-anthropic.ts";
import { CLAUDE, claudeEnv, missing, NODE22_DIR, runHost } from "./_hosts.ts";

const PROMPT = "Run the failing check, then read the README.";
let sb: Sandbox;
let project: string;
let market: string;
let api: FakeAnthropic;

/** The agent's requests (they offer the Bash tool) get a Bash call, then a Read, then text. */
function script(body: Record<string, unknown>): ToolUse | undefined {
  const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
  const text = JSON.stringify(body.messages ?? []);
  if (!tools.some((t) => t.name === "Bash") || !text.includes(PROMPT)) return undefined;
  if (text.includes('"tool_use_id":"toolu_e2e_read"')) return undefined;
  if (text.includes('"tool_use_id":"toolu_e2e_bash"'))
    return { id: "toolu_e2e_read", name: "Read", input: { file_path: join(project, "README.md") } };
  return {
    id: "toolu_e2e_bash",
    name: "Bash",
    input: { command: "exit 3", description: "the failing check" },
  };
}

before(async () => {
  if (missing(CLAUDE)) return;
  sb = sandbox("brain-e2e-tools-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  fs.writeFileSync(join(project, "README.md"), "# Project\n");
  market = join(sb.dir, "market");
  const inst = await brain(sb, ["--brain", sb.brainPath, "install", "claude", "--dir", market]);
  assert.equal(inst.code, 0, show(inst));
  api = await startFakeAnthropic("Noted.", undefined, script);
});
after(async () => {
  await api?.close();
  if (sb) removeSandbox(sb);
});

describe("Claude Code's tool hooks end to end", { skip: missing(CLAUDE, NODE22_DIR) }, () => {
  it("a failing Bash call and a Read land once each in the tool-event log", async () => {
    const r = await runHost(
      CLAUDE,
      [
        "-p",
        PROMPT,
        "--output-format",
        "json",
        "--allowedTools",
        "Bash,Read",
        "--plugin-dir",
        join(market, "brain"),
      ],
      { env: claudeEnv(sb, api.baseUrl), cwd: project },
    );
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    const session = (JSON.parse(r.stdout) as { session_id: string }).session_id;
    const events = readLines(join(sb.dir, "brain", ".brain", "tool-events.jsonl"));
    assert.deepEqual(
      events.map((e) => [e.tool, e.kind, e.target, e.outcome, e.exit, e.id, e.session, e.host, e.project]),
      [
        ["Bash", "command", "exit 3", "error", 3, "toolu_e2e_bash", session, "claude", project],
        [
          "Read",
          "read",
          join(project, "README.md"),
          "ok",
          undefined,
          "toolu_e2e_read",
          session,
          "claude",
          project,
        ],
      ],
    );
    assert.match(String(events[0]?.error), /3/);
  });

  it("the same hooks also in the project's .claude/settings.json: both fire, each call is recorded once", async () => {
    // Another command line for the same hook (Claude Code runs identical command lines once by itself), which
    // leaves a mark each time it fires.
    const marks = join(sb.dir, "fired.txt");
    const entry = join(sb.home, ".brain", "bin", "brain");
    const command = (event: string) =>
      `echo ${event} >> ${shellJoin([marks])}; exec ${shellJoin([entry, "--brain", sb.brainPath, "hook", event])}`;
    const hooks = {
      PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: command("post-tool-use") }] }],
      PostToolUseFailure: [
        { matcher: "*", hooks: [{ type: "command", command: command("post-tool-use-failure") }] },
      ],
      Stop: [{ hooks: [{ type: "command", command: command("stop") }] }],
    };
    fs.mkdirSync(join(project, ".claude"), { recursive: true });
    fs.writeFileSync(join(project, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const r = await runHost(
      CLAUDE,
      [
        "-p",
        PROMPT,
        "--output-format",
        "json",
        "--allowedTools",
        "Bash,Read",
        "--plugin-dir",
        join(market, "brain"),
      ],
      { env: claudeEnv(sb, api.baseUrl), cwd: project },
    );
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    const session = (JSON.parse(r.stdout) as { session_id: string }).session_id;
    assert.deepEqual(
      fs.readFileSync(marks, "utf8").trim().split("\n").sort(),
      ["post-tool-use", "post-tool-use-failure", "stop"],
      "the project's hooks fired beside the plugin's",
    );
    const mine = (f: string) =>
      readLines(join(sb.dir, "brain", ".brain", f)).filter(
        (e) => e.session === session || e.session_id === session,
      );
    assert.deepEqual(
      mine("tool-events.jsonl").map((e) => e.id),
      ["toolu_e2e_bash", "toolu_e2e_read"],
    );
    assert.deepEqual(
      mine("transcripts.jsonl").map((q) => q.event),
      ["stop", "session-end"],
    );
  });
});
