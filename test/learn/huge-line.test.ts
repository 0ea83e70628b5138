/**
 * Issue 21 §4, "one huge line in a transcript disables learning and slows every prompt": the learner reads a
 * transcript in bounded pieces. A line longer than `learner.maxLineBytes` is passed over without being loaded
 * (reported in the run's log line and on stderr), a turn longer than `learner.maxTurnChars` is stored cut,
 * with a marker that gives its length, and the cursor always moves past what was read — also into a line that
 * is over the cap and has no end yet. Small caps, lines just above and at them (the sizes live in
 * bench/learn-huge-line.ts).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { brain, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";
import { startFakeLlm } from "../support/fake-llm.ts";
import { learnFiles } from "../support/learner.ts";
import { project, queueTranscript, S1, turn, turnOfBytes, withSettings } from "./_support.ts";

const CAP = 4096;
const TURN_CHARS = 1000;

const episodes = (sb: Sandbox) => {
  const f = learnFiles(sb.brainPath).episodes;
  return fs.existsSync(f) ? readLines(f).filter((e) => e.type === "episode") : [];
};
const cursor = (sb: Sandbox) =>
  Object.values(
    JSON.parse(fs.readFileSync(learnFiles(sb.brainPath).cursors, "utf8")).sessions as Record<
      string,
      { offset: number; line: number }
    >,
  )[0];
const skippedIn = (sb: Sandbox) =>
  readLines(learnFiles(sb.brainPath).log).flatMap(
    (r) => (r.skipped ?? []) as { source: string; line: number; bytes: number }[],
  );

describe("a transcript with a line over the learner's caps", () => {
  it("a line one byte over maxLineBytes is passed over, one at the cap is stored cut to maxTurnChars with a marker", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-huge-");
    const p = project(sb);
    const env = withSettings(sb, {
      extraction: { provider: "openai", baseUrl: fake.baseUrl, model: "tiny", maxRetries: 0 },
      learner: { maxLineBytes: CAP, maxTurnChars: TURN_CHARS },
    });
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(
      transcript,
      turn(S1, "user", "First: the deploy script lives in ops/deploy.sh.", p.cwd) +
        turnOfBytes(S1, "assistant", "AT-CAP the whole build log follows:", CAP, p.cwd) +
        turnOfBytes(S1, "user", "OVER-CAP a pasted dump:", CAP + 1, p.cwd) +
        turn(S1, "assistant", "Last: noted, ops/deploy.sh it is.", p.cwd),
    );
    queueTranscript(sb.brainPath, transcript, p.cwd);

    const r = await brain(sb, ["learn"], { env });
    assert.equal(r.code, 0, show(r));
    assert.match(r.stderr, /line 3 .*4097 bytes.*over the 4096-byte cap.*passed over/, show(r));

    const eps = episodes(sb);
    assert.deepEqual(
      eps.map((e) => String(e.text).slice(0, 6)),
      ["First:", "AT-CAP", "Last: "],
      "the over-cap line is not stored",
    );
    const cut = String(eps[1]?.text);
    assert.ok(cut.length < TURN_CHARS + 120, `cut to the cap plus a marker (${cut.length} chars)`);
    const atCap = turnOfBytes(S1, "assistant", "AT-CAP the whole build log follows:", CAP, p.cwd);
    const whole = (JSON.parse(atCap).message.content[0].text as string).length;
    assert.match(
      cut,
      new RegExp(`\\[cut by the learner: ${whole} characters, the first ${TURN_CHARS} kept\\]$`),
    );
    assert.equal(
      cut.slice(0, TURN_CHARS),
      `AT-CAP the whole build log follows:${"x".repeat(TURN_CHARS)}`.slice(0, TURN_CHARS),
    );

    // The model saw the cut turn, never the over-cap line.
    const sent = fake.requests.map((q) => JSON.stringify(q.body)).join("\n");
    assert.match(sent, /AT-CAP/);
    assert.doesNotMatch(sent, /OVER-CAP/);
    assert.doesNotMatch(sent, new RegExp(`x{${TURN_CHARS + 1}}`));

    assert.equal(cursor(sb)?.offset, fs.statSync(transcript).size, "the cursor is past everything");
    assert.equal(cursor(sb)?.line, 4);
    assert.deepEqual(
      skippedIn(sb).map((s) => [s.line, s.bytes]),
      [[3, CAP + 1]],
    );
  });

  it("an over-cap line with no end yet: the cursor moves into it; once it ends, the next run passes it and reads on", async (t) => {
    const sb = freshSandbox(t, "brain-huge-");
    const p = project(sb);
    const env = withSettings(sb, { learner: { maxLineBytes: CAP, maxTurnChars: TURN_CHARS } });
    const transcript = join(sb.dir, "s1.jsonl");
    const big = turnOfBytes(S1, "user", "OVER-CAP still being written:", 3 * CAP, p.cwd);
    fs.writeFileSync(
      transcript,
      turn(S1, "user", "First: staging is on port 8443.", p.cwd) + big.slice(0, 2 * CAP),
    );
    queueTranscript(sb.brainPath, transcript, p.cwd);

    // A run budget below the cap: the unfinished line is still passed over in bounded steps.
    const first = await brain(sb, ["learn", "--max-bytes", "1000"], { env });
    assert.equal(first.code, 0, show(first));
    assert.equal(episodes(sb).length, 1);
    assert.equal(cursor(sb)?.offset, fs.statSync(transcript).size, "moved past the unfinished over-cap line");

    fs.appendFileSync(transcript, big.slice(2 * CAP) + turn(S1, "assistant", "Last: 8443 noted.", p.cwd));
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const second = await brain(sb, ["learn", "--max-bytes", "1000"], { env });
    assert.equal(second.code, 0, show(second));
    assert.deepEqual(
      episodes(sb).map((e) => String(e.text).slice(0, 6)),
      ["First:", "Last: "],
    );
    assert.equal(cursor(sb)?.offset, fs.statSync(transcript).size);
    assert.equal(cursor(sb)?.line, 3, "the passed-over line still counts as a line");
    assert.deepEqual(
      skippedIn(sb).map((s) => [s.line, s.bytes]),
      [[2, 3 * CAP]],
    );
  });

  it("maxLineBytes and maxTurnChars must be positive numbers: a bad value is named", async (t) => {
    const sb = freshSandbox(t, "brain-huge-");
    const env = withSettings(sb, { learner: { maxLineBytes: 0 } });
    const r = await brain(sb, ["learn"], { env });
    assert.notEqual(r.code, 0, show(r));
    assert.match(r.stderr, /learner\.maxLineBytes/);
  });
});
