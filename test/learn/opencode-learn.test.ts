/**
 * The learner reads OpenCode's sessions: Brain's plugin queues `<opencode.db>#<session>` (OpenCode keeps them
 * in SQLite, test/recall/fixtures/hosts/opencode.db whose second session is only in its -wal), and the
 * session's turns become episodes once — again when the session grows, never twice.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import initSqlJs from "sql.js";
import { Brain } from "../../src/engine/brain.ts";
import type { LearnRun } from "../../src/learn/learn-log.ts";
import { enqueue } from "../../src/learn/queue.ts";
import { runLearner } from "../../src/learn/worker.ts";
import { withWal } from "../../src/recall/ingest/sqlite-wal.ts";
import { BrainHome } from "../../src/store/home.ts";
import { readLines } from "../support/cli.ts";
import { learnFiles } from "../support/learner.ts";

const FIX = fileURLToPath(new URL("../recall/fixtures/hosts/", import.meta.url));

describe("the learner and OpenCode's SQLite sessions", () => {
  it("a queued session's turns become episodes once, and what it says later is added", async (t) => {
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-oc-learn-"));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const brainPath = join(dir, "brain", "brain.jsonl");
    fs.mkdirSync(join(dir, "brain"), { recursive: true });
    const db = join(dir, "opencode.db");
    fs.copyFileSync(join(FIX, "opencode.db"), db);
    fs.copyFileSync(join(FIX, "opencode.db-wal"), `${db}-wal`);
    const home = BrainHome.ofLog(brainPath);
    let b: Brain | undefined;
    const learn = async () => {
      enqueue(home, [
        {
          host: "opencode",
          event: "stop",
          at: "2026-11-26T16:00:00.000Z",
          session_id: "ses_live",
          transcript_path: `${db}#ses_live`,
          cwd: dir,
        },
      ]);
      const out = await runLearner({
        home,
        now: () => new Date("2026-11-26T16:00:00Z"),
        openBrain: async () => {
          b ??= Brain.open({ path: brainPath, cwd: dir, snapshot: false });
          return b;
        },
        durable: false,
      });
      assert.equal(out.status, "ran");
      const run = (out as { run: LearnRun }).run;
      assert.deepEqual(run.errors, [], JSON.stringify(run.errors));
      return readLines(learnFiles(brainPath).episodes).filter((e) => e.type === "episode");
    };

    const first = await learn();
    assert.deepEqual(
      first.map((e) => [e.session, e.text]),
      [
        ["ses_live", "The staging database listens on port 6543."],
        ["ses_live", "Noted: staging uses 6543."],
      ],
    );
    assert.equal((await learn()).length, 2, "read again: nothing twice");

    // OpenCode goes on: one more user message in the session (written here with sql.js, checkpointed)
    const SQL = await initSqlJs();
    const d = new SQL.Database(withWal(fs.readFileSync(db), fs.readFileSync(`${db}-wal`)));
    d.run(
      `INSERT INTO message VALUES ('msg_live_3', 'ses_live', 1795708402000, 1795708402000, '{"role":"user"}')`,
    );
    d.run(
      `INSERT INTO part VALUES ('prt_live_5', 'msg_live_3', 'ses_live', 1795708402001, 1795708402001, '{"type":"text","text":"And production listens on 5432."}')`,
    );
    fs.writeFileSync(db, d.export());
    d.close();
    fs.rmSync(`${db}-wal`);
    const third = await learn();
    assert.deepEqual(third.map((e) => e.text).slice(2), ["And production listens on 5432."]);
  });
});
