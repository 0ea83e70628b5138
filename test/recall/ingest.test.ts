/**
 * Ingest: every transcript format parses to the turns it holds (and skips what is not conversation), the
 * format is detected, episodes get stable ids, a second import adds nothing, and episodes never reach
 * brain.jsonl (which stays loadable by the fold as before).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Brain } from "../../src/engine/brain.ts";
import { locomoDate } from "../../src/recall/ingest/chat.ts";
import { detectFormat, parseTranscript } from "../../src/recall/ingest/parse.ts";

const FIX = fileURLToPath(new URL("./fixtures/", import.meta.url));
const read = (f: string) => fs.readFileSync(join(FIX, f), "utf8");
const opts = { session: "file", fallbackDate: "2020-01-01T00:00:00.000Z" };

function tempBrain(t: { after: (fn: () => void) => void }): { dir: string; brain: Brain } {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-recall-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const brain = Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir });
  return { dir, brain };
}

describe("transcript formats", () => {
  test("each fixture is detected as its own format", () => {
    assert.equal(detectFormat(read("generic.jsonl")), "generic");
    assert.equal(detectFormat(read("openai.json")), "openai");
    assert.equal(detectFormat(read("claude.jsonl")), "claude");
    assert.equal(detectFormat(read("pi.jsonl")), "pi");
    assert.equal(detectFormat(read("locomo.json")), "locomo");
    assert.equal(detectFormat("just some prose\n"), null);
  });

  test("generic JSONL: speaker, date, session; turn ids given or numbered per session", () => {
    const p = parseTranscript(read("generic.jsonl"), opts);
    assert.ok(p);
    assert.deepEqual(
      p.turns.map((t) => [t.session, t.turn, t.speaker]),
      [
        ["trip", "trip:1", "Ana"],
        ["trip", "trip:2", "Ben"],
        ["trip", "trip:last", "Ana"],
        ["garden", "garden:1", "Ben"],
      ],
    );
    assert.equal(p.turns[3]?.date, "2024-04-11T08:30:00Z");
  });

  test("OpenAI messages: user and assistant only, text parts joined, created → date", () => {
    const p = parseTranscript(read("openai.json"), opts);
    assert.ok(p);
    assert.equal(p.format, "openai");
    assert.deepEqual(
      p.turns.map((t) => [t.session, t.speaker, t.text]),
      [
        ["chat-42", "user", "Which port does the staging database listen on?"],
        ["chat-42", "assistant", "Staging Postgres listens on port 6543, not the default."],
      ],
    );
    assert.equal(p.turns[0]?.date, new Date(1717200000 * 1000).toISOString());
    assert.equal(p.skipped, 2); // system and tool messages
  });

  test("Claude Code: text blocks kept; thinking, tool calls, tool results, meta and summaries skipped", () => {
    const p = parseTranscript(read("claude.jsonl"), opts);
    assert.ok(p);
    assert.deepEqual(
      p.turns.map((t) => [t.turn, t.speaker, t.text]),
      [
        ["u1", "user", "The upload test fails on CI about one run in ten. Can you look?"],
        ["u2", "assistant", "The test races the multipart parser; I will await the stream's finish event."],
      ],
    );
    assert.equal(p.turns[0]?.session, "5f0c2b1e-cc01-4d7a-9a52-0d9a3e1f7a10");
    assert.equal(p.turns[1]?.date, "2025-06-01T09:00:05.000Z");
  });

  test("Claude Code: compaction summaries, sub-agent notices, inline hook output and interrupts are not turns", () => {
    const rec = (uuid: string, content: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        type: "user",
        sessionId: "s-compact",
        uuid,
        timestamp: "2025-06-02T09:00:00.000Z",
        message: { role: "user", content },
        ...extra,
      });
    const text = [
      rec("c1", "This session is being continued from a previous conversation. Summary: the upload test…", {
        isCompactSummary: true,
      }),
      rec("c2", "<task-notification><status>completed</status></task-notification>"),
      rec("c3", "<user-prompt-submit-hook>## Relevant memories (brain)</user-prompt-submit-hook>"),
      rec("c4", "[Request interrupted by user for tool use]"),
      rec("c5", "Which port does staging use?"),
    ].join("\n");
    const p = parseTranscript(text, opts);
    assert.ok(p);
    assert.deepEqual(
      p.turns.map((t) => t.turn),
      ["c5"],
    );
    assert.equal(p.skipped, 4);
  });

  test("pi: session header gives the session; tool results and model changes skipped", () => {
    const p = parseTranscript(read("pi.jsonl"), opts);
    assert.ok(p);
    assert.deepEqual(
      p.turns.map((t) => [t.session, t.turn, t.speaker]),
      [
        ["9c1d7e44-2b8a-4f0e-8f3e-6a5b4c3d2e1f", "a1b2c3d4", "user"],
        ["9c1d7e44-2b8a-4f0e-8f3e-6a5b4c3d2e1f", "b2c3d4e5", "assistant"],
      ],
    );
    assert.equal(p.turns[1]?.text, "Understood: I will use deploy/blue-green.sh for every release.");
  });

  test("LoCoMo: sessions namespaced by sample, dia_id as turn, session date, image caption kept", () => {
    const p = parseTranscript(read("locomo.json"), opts);
    assert.ok(p);
    assert.deepEqual(
      p.turns.map((t) => [t.session, t.turn, t.date.slice(0, 10)]),
      [
        ["demo-1:session_1", "D1:1", "2022-03-12"],
        ["demo-1:session_1", "D1:2", "2022-03-12"],
        ["demo-1:session_2", "D2:1", "2022-04-02"],
        ["demo-1:session_2", "D2:2", "2022-04-02"],
      ],
    );
    assert.match(p.turns[1]?.text ?? "", /Pepper\. \[image: a photo of a grey cat on a sofa\]$/);
    assert.equal(locomoDate("1:56 pm on 8 May, 2023"), "2023-05-08T13:56:00.000Z");
    assert.equal(locomoDate("12:05 am on 1 January, 2024"), "2024-01-01T00:05:00.000Z");
  });

  test("a bad line is reported with its number and the rest still parses", () => {
    const text = `${read("generic.jsonl").trimEnd()}\n{not json\n`;
    const p = parseTranscript(text, opts);
    assert.ok(p);
    assert.equal(p.turns.length, 4);
    assert.deepEqual(p.problems, [{ line: 5, reason: "invalid JSON" }]);
  });
});

describe("Brain.ingest", () => {
  test("episodes go to episodes.jsonl with stable ids; a second import adds nothing", async (t) => {
    const { dir, brain } = tempBrain(t);
    const brainBefore = fs.readFileSync(join(dir, "brain.jsonl"), "utf8");
    const first = await brain.ingest(join(FIX, "locomo.json"));
    assert.equal(first.format, "locomo");
    assert.equal(first.added, 4);
    const log = fs.readFileSync(join(dir, "episodes.jsonl"), "utf8");
    const again = await brain.ingest(join(FIX, "locomo.json"));
    assert.equal(again.added, 0);
    assert.equal(again.existing, 4);
    // a fresh process (new Brain) sees the same log and still adds nothing
    const other = Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir });
    assert.equal((await other.ingest(join(FIX, "locomo.json"))).added, 0);
    assert.equal(fs.readFileSync(join(dir, "episodes.jsonl"), "utf8"), log);
    const lines = log
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 4);
    for (const e of lines) {
      assert.equal(e.type, "episode");
      assert.match(e.id, /^e[0-9a-f]{15}$/);
    }
    // brain.jsonl is untouched: no episode ever goes there
    assert.equal(fs.readFileSync(join(dir, "brain.jsonl"), "utf8"), brainBefore);
    assert.doesNotMatch(fs.readFileSync(join(dir, "brain.jsonl"), "utf8"), /"episode"/);
  });

  test("every format ingests into one brain; all go through the schema registry", async (t) => {
    const { dir, brain } = tempBrain(t);
    let total = 0;
    for (const f of ["generic.jsonl", "openai.json", "claude.jsonl", "pi.jsonl", "locomo.json"]) {
      total += (await brain.ingest(join(FIX, f))).added;
    }
    assert.equal(total, 14);
    assert.equal(brain.recallEngine.episodes.size, 14);
    // a forced wrong format imports nothing, and says so rather than reporting "0 turns"
    await assert.rejects(
      brain.ingest(join(FIX, "generic.jsonl"), { format: "pi" }),
      /no conversation turns as --format pi .*it looks like generic/,
    );
    assert.equal(brain.recallEngine.episodes.size, 14);
    await assert.rejects(
      brain.ingest(join(FIX, "generic.jsonl"), { format: "csv" }),
      /--format must be one of/,
    );
    await assert.rejects(brain.ingest(join(dir, "missing.jsonl")), /cannot read/);
    const { validateEntry } = await import("../../src/core/schema.ts");
    assert.throws(
      () =>
        validateEntry({
          id: "e1",
          type: "episode",
          created: "2024-01-01",
          session: "s",
          turn: "1",
          speaker: "a",
          text: "x",
          date: "not a date",
          source: "t",
        }),
      /episode field "date"/,
    );
  });

  test("an episode line in brain.jsonl is reported as an unknown type, never folded or fatal", (t) => {
    const { dir } = tempBrain(t);
    const path = join(dir, "brain.jsonl");
    fs.appendFileSync(
      path,
      `${JSON.stringify({ id: "e0", type: "episode", created: "2024-01-01T00:00:00Z", session: "s", turn: "1", speaker: "a", text: "hello", date: "2024-01-01", source: "x" })}\n`,
    );
    const b = Brain.open({ path, cwd: dir, snapshot: false });
    assert.equal(b.health().unknownTypes.length, 1);
    assert.equal(b.health().unknownTypes[0]?.type, "episode");
    assert.ok(b.state.find("e0") === undefined);
  });

  test("the brain tool refuses type=episode (episodes only come from ingest)", async (t) => {
    const { brain } = tempBrain(t);
    await assert.rejects(brain.act({ action: "add", type: "episode", text: "x" }), /unknown type "episode"/);
  });
});
