/**
 * The one event table (src/hooks/events.ts) and every place that uses it, kept in step: no other source file
 * spells an event's name; the installed bin takes every event on its fast path under its CLI name and its
 * Claude Code name and does what the table says; the CLI's help and its unknown-event message list them
 * all; the resident server answers exactly the `answer` events; pi's extension listens to exactly the
 * table's pi events. (The Claude plugin's hooks.json is checked against the table in plugin.test.ts.)
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join, relative } from "node:path";
import { describe, it, test } from "node:test";
import { HOOK_EVENTS } from "../../src/hooks/events.ts";
import { createBrainExtension } from "../../src/hosts/pi/extension.ts";
import type { PiApi } from "../../src/hosts/pi/types.ts";
import { ask } from "../../src/serve/client.ts";
import { startServe } from "../serve/_support.ts";
import { brain, freshSandbox, ROOT, show } from "../support/cli.ts";
import { common, runHook, writeClaudeProject } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z", BRAIN_HOOK_TIMING: "1" };

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The code of a file without its comments (a name may be mentioned in prose). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

test("no source file but the table spells an event's name", () => {
  const names = HOOK_EVENTS.flatMap((e) => [e.cli, e.hosts.claude.name]);
  const found: string[] = [];
  for (const file of sources(join(ROOT, "src"))) {
    if (file.endsWith(join("hooks", "events.ts"))) continue;
    const text = code(fs.readFileSync(file, "utf8"));
    for (const n of names)
      if (text.includes(`"${n}"`) || text.includes(`'${n}'`)) found.push(`${relative(ROOT, file)}: "${n}"`);
  }
  assert.deepEqual(found, [], "use src/hooks/events.ts");
});

describe("the installed bin", () => {
  const what = { answer: /ms in process$/m, queue: /ms queued$/m, tool: /ms recorded$/m };

  for (const e of HOOK_EVENTS)
    it(`${e.cli} (${e.hosts.claude.name}): ${e.does} on the fast path, by either name`, async (t) => {
      const sb = freshSandbox(t, "brain-events-");
      const project = writeClaudeProject(sb);
      fs.writeFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"user"}\n');
      for (const [i, name] of [e.cli, e.hosts.claude.name].entries()) {
        const input = {
          ...common(sb, project, e.hosts.claude.name),
          session_id: `session-${i}`,
          prompt: "how do we deploy?",
          source: "startup",
          tool_name: "Bash",
          tool_input: { command: "make deploy" },
          tool_response: { stdout: "", stderr: "", interrupted: false },
          tool_use_id: `toolu_${i}`,
          error: "Exit code 2",
        };
        const r = await runHook(sb, name, input, { env });
        assert.equal(r.code, 0, show(r));
        assert.match(r.stderr, new RegExp(`^brain hook ${e.cli}: `, "m"), show(r));
        assert.match(r.stderr, what[e.does], show(r));
      }
      const local = join(sb.dir, "brain", ".brain");
      const lines = (f: string) =>
        fs.existsSync(join(local, f)) ? fs.readFileSync(join(local, f), "utf8").trim().split("\n").length : 0;
      assert.equal(lines("transcripts.jsonl"), e.does === "queue" ? 2 : 0);
      assert.equal(lines("tool-events.jsonl"), e.does === "tool" ? 2 : 0);
    });
});

describe("the CLI", () => {
  it("names every event, with its Claude Code name, in `brain hook --help`", async (t) => {
    const sb = freshSandbox(t);
    const r = await brain(sb, ["hook", "--help"]);
    assert.equal(r.code, 0, show(r));
    for (const e of HOOK_EVENTS) assert.match(r.stdout, new RegExp(`${e.cli} \\(${e.hosts.claude.name}\\)`));
  });

  it("refuses an unknown event with the list of the known ones (exit 1, never 2)", async (t) => {
    const sb = freshSandbox(t);
    const r = await runHook(sb, "pre-tool-use", {});
    assert.equal(r.code, 1, show(r));
    assert.match(r.stderr, new RegExp(HOOK_EVENTS.map((e) => e.cli).join(", ")));
  });
});

test("the resident server answers exactly the table's `answer` events", async (t) => {
  const sb = freshSandbox(t, "brain-events-serve-");
  const s = await startServe(sb, t, { env });
  for (const e of HOOK_EVENTS) {
    const a = await ask(s.info, "POST", `/api/hook/${e.cli}`, { cwd: sb.dir, prompt: "hello" });
    assert.equal(a?.status, e.does === "answer" ? 200 : 400, `${e.cli}: ${JSON.stringify(a)}`);
  }
});

test("pi's extension listens to exactly the table's pi events", () => {
  const heard = new Set<string>();
  const api = { on: (name: string) => heard.add(name), registerTool: () => {}, registerCommand: () => {} };
  createBrainExtension({ brainPath: "/nonexistent/brain.jsonl" })(api as unknown as PiApi);
  assert.deepEqual([...heard].sort(), [...new Set(HOOK_EVENTS.map((e) => e.hosts.pi))].sort());
});
