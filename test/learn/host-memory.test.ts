/**
 * Each host's own memory read as a source (issue 29, "Beside the host's own memory"), through the built CLI
 * in a temp HOME shaped like a user's (test/support/host-memory-home.ts): every note of Claude Code's auto
 * memory, Codex's memories and Gemini CLI's memories becomes one inbox candidate with its host, file and line;
 * a note the brain already holds, one another host noted too, and one holding a credential are not proposed;
 * a second read adds nothing; a new note is proposed alone; an accepted note is a memory every host's context
 * recalls, with where it came from. The learner's pass (`brain learn`) does the same.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { brain, brainOk, freshSandbox, json, readLines, type Sandbox, show } from "../support/cli.ts";
import { claudeSlug, GH_TOKEN, seedHostMemory } from "../support/host-memory-home.ts";

interface Cand {
  id: string;
  type: string;
  text: string;
  reason: string;
  evidence: string[];
  session: string;
  origin: { host: string; file: string; line: number };
  project?: string;
}
interface Result {
  files: number;
  unchanged: number;
  notes: number;
  added: Cand[];
  known: number;
  repeated: number;
  secrets: number;
}

const ENV = { BRAIN_NOW: "2026-11-26T12:00:00.000Z", BRAIN_SERVE_AUTOSTART: "0" };

async function setup(t: Parameters<typeof freshSandbox>[0]) {
  const sb = freshSandbox(t, "brain-hostmem-");
  const project = join(sb.dir, "app");
  const files = seedHostMemory(sb.home, project);
  await brainOk(sb, ["init"], { env: ENV });
  // Brain already knows one thing Codex noted too.
  await brainOk(
    sb,
    ["add", "type=learning", "text=Deploys go through make release, never a manual kubectl apply."],
    {
      env: ENV,
    },
  );
  return { sb, project, files };
}

async function importJson(sb: Sandbox, cwd: string, args: string[] = []): Promise<Result> {
  return json<Result>(await brainOk(sb, ["--json", "import-host-memory", ...args], { env: ENV, cwd }));
}

const inboxFile = (sb: Sandbox) => join(sb.dir, "brain", ".brain", "inbox.jsonl");

describe("brain import-host-memory", () => {
  it("proposes each host's notes once, with provenance, and a second read adds nothing", async (t) => {
    const { sb, project } = await setup(t);
    const dry = await importJson(sb, project, ["--dry-run"]);
    assert.equal(fs.existsSync(inboxFile(sb)), false, "a dry run writes no inbox");
    const r = await importJson(sb, project);
    assert.deepEqual(
      r.added.map((c) => c.id),
      dry.added.map((c) => c.id),
    );
    // 16 notes: Claude 6 (4 topic files and one plain index line here, one topic file in another project),
    // Codex 6 (profile, tip, 4 learnings), Gemini 4 (3 saved memories, 1 private project note). Not notes: the
    // index lines pointing at topic files, Codex's metadata and "What's in Memory", raw_memories.md, the
    // user's own GEMINI.md text outside "Gemini Added Memories", Gemini's unapplied inbox patch.
    assert.equal(r.notes, 16, show({ code: 0, stdout: JSON.stringify(r, null, 1), stderr: "" }));
    assert.equal(r.known, 1, "the deploy note is already a memory of the brain");
    assert.equal(r.repeated, 1, "Claude Code and Gemini CLI both noted pnpm: proposed once");
    assert.equal(r.secrets, 1, "the note holding a GitHub token is left out");
    assert.equal(r.added.length, 13);
    const by = (host: string) => r.added.filter((c) => c.origin.host === host);
    assert.deepEqual([by("claude").length, by("codex").length, by("gemini").length], [6, 4, 3]);
    assert.ok(!r.added.some((c) => c.text.includes(GH_TOKEN) || /kubectl/.test(c.text)));

    // Provenance: host, file and line; the line holds the note's text.
    for (const c of r.added) {
      assert.equal(c.session, `${c.origin.host}-memory`);
      assert.equal(c.evidence[0], `${c.origin.file}:${c.origin.line}`);
      const line = fs.readFileSync(c.origin.file, "utf8").split("\n")[c.origin.line - 1] ?? "";
      const words = line
        .replace(/[`*_\-[\]]/g, " ")
        .trim()
        .split(/\s+/)
        .slice(0, 3)
        .join(" ");
      assert.ok(
        c.text
          .replace(/[`*_\-[\]]/g, " ")
          .replace(/\s+/g, " ")
          .includes(words),
        `${c.text} / ${line}`,
      );
    }
    const testing = r.added.find((c) => c.origin.file.endsWith("feedback_testing.md"));
    assert.ok(testing);
    assert.equal(testing.type, "preference", "a Claude Code feedback memory is a preference");
    assert.equal(testing.origin.line, 6, "the body's first line, after the front matter");
    assert.equal(testing.project, project, "the note of the project's Claude Code slug names the project");
    assert.match(testing.origin.file, new RegExp(`/projects/${claudeSlug(project)}/memory/`));
    const jwt = r.added.find((c) => c.text.startsWith("JWT refresh"));
    assert.equal(jwt?.project, project, "a Codex task group's applies_to cwd names the project");
    const tip = r.added.find((c) => c.text.includes("cargo fmt"));
    assert.equal(tip?.project, undefined, "a general tip names none");
    const lint = r.added.find((c) => c.origin.file.endsWith("feedback_lint.md"));
    assert.equal(lint?.project, undefined, "another project's note names no project it cannot tell");

    // Read again: nothing new, the files were not even read again; --reread reads them and still adds nothing.
    const again = await importJson(sb, project);
    assert.deepEqual([again.added.length, again.unchanged, again.notes], [0, again.files, 0]);
    const reread = await importJson(sb, project, ["--reread"]);
    assert.deepEqual([reread.added.length, reread.repeated, reread.known, reread.secrets], [0, 14, 1, 1]);
    const adds = readLines(inboxFile(sb)).filter((e) => e.op === "add");
    assert.equal(adds.length, 13, "the inbox holds each note once");

    // A new note in one file is proposed alone.
    const gem = join(sb.home, ".gemini", "GEMINI.md");
    fs.appendFileSync(gem, "- The release checklist lives in docs/release.md.\n");
    const one = await importJson(sb, project);
    assert.deepEqual(
      one.added.map((c) => [c.text, c.origin.line]),
      [["The release checklist lives in docs/release.md.", 9]],
    );
    assert.equal(one.unchanged, one.files - 1);
  });

  it("an accepted note is recalled in every host's context, with where it came from", async (t) => {
    const { sb, project } = await setup(t);
    const r = await importJson(sb, project, ["--host", "claude"]);
    assert.ok(r.added.every((c) => c.origin.host === "claude"));
    const grafana = r.added.find((c) => c.origin.file.endsWith("reference_grafana.md"));
    assert.ok(grafana);
    const listed = await brainOk(sb, ["inbox"], { env: ENV, cwd: project });
    assert.ok(
      listed.stdout.includes(
        `${grafana.id} learning: ${grafana.text}  — claude memory from ${grafana.evidence[0]}`,
      ),
      listed.stdout,
    );
    await brainOk(sb, ["inbox", "accept", grafana.id], { env: ENV, cwd: project });
    const entry = readLines(sb.brainPath).find((e) => String(e.text ?? "").includes("api-latency"));
    assert.ok(entry, "stored in brain.jsonl");
    assert.equal(entry.sourceSession, "claude-memory");
    assert.equal(entry.sourceTurn, `${grafana.origin.file}:${grafana.origin.line}`);
    // Another host's prompt (Gemini CLI's BeforeAgent payload) recalls it.
    const hook = await brainOk(sb, ["hook", "user-prompt-submit"], {
      env: { ...ENV, GEMINI_PROJECT_DIR: project },
      cwd: project,
      stdin: JSON.stringify({
        session_id: "g1",
        hook_event_name: "BeforeAgent",
        cwd: project,
        prompt: "where does oncall watch the API latency grafana dashboard?",
      }),
    });
    assert.match(hook.stdout, /api-latency/, show(hook));
    const ctx = await brainOk(sb, ["context", "--query", "grafana api latency"], { env: ENV, cwd: project });
    assert.match(ctx.stdout, /api-latency/);
  });

  it("never reads Brain's own export (brain install gemini --export) back as Gemini's memory", async (t) => {
    const { sb, project } = await setup(t);
    await brainOk(sb, ["add", "type=learning", "text=The CI cache key includes the lockfile hash"], {
      env: ENV,
    });
    await brainOk(sb, ["install", "gemini", "--export"], { env: ENV, cwd: project });
    const gemini = fs.readFileSync(join(sb.home, ".gemini", "GEMINI.md"), "utf8");
    const lines = gemini.split("\n");
    const begin = lines.findIndex((l) => l.startsWith("<!-- brain:begin"));
    const end = lines.indexOf("<!-- brain:end -->");
    assert.ok(begin > 0 && end > begin && gemini.includes("lockfile hash"), "the export is in GEMINI.md");
    const r = await importJson(sb, project, ["--host", "gemini"]);
    assert.deepEqual(
      r.added.filter((c) => c.origin.line > begin && c.origin.file.endsWith("GEMINI.md")).map((c) => c.text),
      [],
      "nothing from Brain's section",
    );
    assert.equal(r.added.length, 4, "Gemini's 3 saved memories and its private project note");
  });

  it("runs in the learner's pass, and refuses an unknown host", async (t) => {
    const { sb, project } = await setup(t);
    await brainOk(sb, ["learn"], { env: ENV, cwd: project });
    const inbox = await brainOk(sb, ["--json", "inbox"], { env: ENV, cwd: project });
    const items = json<{ items: Cand[] }>(inbox).items;
    assert.equal(items.length, 13);
    assert.ok(items.every((i) => i.origin && i.evidence[0] === `${i.origin.file}:${i.origin.line}`));
    await brainOk(sb, ["learn"], { env: ENV, cwd: project });
    assert.equal(
      json<{ items: Cand[] }>(await brainOk(sb, ["--json", "inbox"], { env: ENV })).items.length,
      13,
    );
    const bad = await brain(sb, ["import-host-memory", "--host", "cursor"], { env: ENV });
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /unknown host "cursor" \(claude, codex, gemini\)/);
  });
});
