/**
 * The feedback ledger (`.brain/feedback.jsonl`) on a real disk: it reads the one tool-event log with a cursor
 * (each call once, however often it runs), caps every excerpt at its settings, redacts what the hooks' quick
 * pass missed, reports bad lines without stopping, takes the learner's corrections redacted, and loses a
 * forgotten session's records to the purge like every local log.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, it } from "node:test";
import type { ToolEvent } from "../../src/core/tool-event.ts";
import { localPurgeables } from "../../src/engine/local-state.ts";
import { loadIndex } from "../../src/improve/failure-index.ts";
import { syncLedger } from "../../src/improve/ledger.ts";
import { correctionRecords, recordFeedback } from "../../src/learn/feedback.ts";
import { feedbackLog } from "../../src/store/feedback-log.ts";
import { BrainHome } from "../../src/store/home.ts";
import { purgeTarget } from "../../src/store/purge-target.ts";
import { toolEventLog } from "../../src/store/tool-event-log.ts";
import { freshSandbox } from "../support/cli.ts";

const SENDGRID = "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

let n = 0;
function event(o: Partial<ToolEvent>): ToolEvent {
  n++;
  return {
    at: `2026-03-01T10:${String(n % 60).padStart(2, "0")}:00.000Z`,
    host: "claude",
    session: "s1",
    cwd: "/repo",
    project: "/repo",
    tool: "Bash",
    kind: "command",
    target: "npm test",
    outcome: "ok",
    id: `toolu_${n}`,
    ...o,
  };
}

function homeOf(t: { after: (fn: () => void) => void }): BrainHome {
  const sb = freshSandbox(t, "brain-ledger-");
  fs.mkdirSync(sb.dir, { recursive: true });
  return BrainHome.ofLog(sb.brainPath);
}

const ledger = (home: BrainHome) => feedbackLog(home).read();

describe("the feedback ledger", () => {
  it("reads each tool call once, normalised, failures signed, excerpts capped and redacted", async (t) => {
    const home = homeOf(t);
    const caps = { targetChars: 16, errorChars: 40 };
    const long = `E${"x".repeat(40)}Z`; // one over the cap of 40
    toolEventLog(home).append([
      event({ target: "sudo -u deploy npm test -- --run" }),
      event({ outcome: "error", exit: 1, error: `npm ERR! key ${SENDGRID}` }),
      event({ outcome: "error", exit: 1, error: long }),
    ]);
    const first = await syncLedger(home, caps);
    assert.equal(first.added, 3);
    assert.equal((await syncLedger(home, caps)).added, 0, "a second run adds nothing");

    const r = ledger(home);
    assert.deepEqual(r.bad, []);
    const [ok, secret, capped] = r.records.map((x) => x.value);
    assert.equal(ok?.kind, "tool");
    assert.equal(ok?.cmd, "npm test --", "sudo -u deploy dropped; program and two words");
    assert.equal(ok?.target?.length, 16, "the target capped at its setting");
    assert.equal(ok?.sig, undefined, "a success has no error signature");
    assert.ok(secret?.sig, "a failure is signed");
    assert.doesNotMatch(JSON.stringify(secret), /SG\.abcdefghij/, "redacted by the reader");
    assert.equal(capped?.error?.length, 40);
    assert.match(capped?.error ?? "", /^Ex+…x+Z$/, "head and tail kept");

    toolEventLog(home).append([event({ target: "ls" })]);
    assert.equal((await syncLedger(home, caps)).added, 1, "only what the log gained");
  });

  it("reports a bad tool-event line and reads on", async (t) => {
    const home = homeOf(t);
    toolEventLog(home).append([event({})]);
    fs.appendFileSync(home.file("toolEvents"), 'not json\n{"at":"x"}\n');
    toolEventLog(home).append([event({ target: "make" })]);
    const s = await syncLedger(home);
    assert.equal(s.added, 2);
    // A bad ledger line is reported by the ledger's reader, the index still built from the rest.
    fs.appendFileSync(home.file("feedback"), '{"kind":"tool"}\n');
    toolEventLog(home).append([event({ outcome: "error", error: "boom failed" })]);
    assert.equal((await syncLedger(home)).added, 1);
    const r = ledger(home);
    assert.equal(r.records.length, 3);
    assert.equal(r.bad.length, 1);
    assert.equal(loadIndex(home).entries.length, 1, "the failure is indexed past the bad line");
  });

  it("takes the learner's corrections, capped and redacted", async (t) => {
    const home = homeOf(t);
    const text = `no, use the other key ${SENDGRID} ${"y".repeat(400)}`;
    const recs = correctionRecords(
      [{ text, at: "2026-03-01T10:00:00.000Z", source: "explicit", ref: "m1" }],
      {
        session: "s1",
        project: "/repo",
      },
    );
    assert.equal(await recordFeedback(home, recs), 1);
    const [c] = ledger(home).records.map((x) => x.value);
    assert.equal(c?.kind, "correction");
    assert.equal(c?.source, "explicit");
    assert.ok((c?.text?.length ?? 0) <= 300, "capped");
    assert.doesNotMatch(c?.text ?? "", /SG\.abcdefghij/);
  });

  it("a forgotten session's records leave the ledger, and the index is rebuilt from what is left", async (t) => {
    const home = homeOf(t);
    toolEventLog(home).append([
      event({ session: "gone", outcome: "error", error: "boom failed" }),
      event({ session: "kept", target: "ls" }),
    ]);
    await syncLedger(home);
    assert.equal(loadIndex(home).entries.length, 1);
    const target = purgeTarget({ sessions: ["gone"] });
    for (const p of localPurgeables(home)) p.purge(target);
    const left = ledger(home).records.map((x) => x.value.session);
    assert.deepEqual(left, ["kept"]);
    assert.doesNotMatch(fs.readFileSync(home.file("feedback"), "utf8"), /"gone"/);
    await syncLedger(home);
    assert.equal(loadIndex(home).entries.length, 0, "the purged failure is not indexed again");
  });
});
