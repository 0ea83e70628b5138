/**
 * "Hourly while the resident server runs" is "when due" (the server stops when idle): with a server running,
 * the Stop hook's kick has the server's learner read the transcript, and after it the server brings the
 * ledger up to date and runs the improvement cycle when due — three corrections become a pending proposal
 * without anyone running brain improve. Waiting is bounded by a number of polls, never by a clock.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { common, runHook, writeClaudeProject } from "../hooks/_support.ts";
import { turn } from "../learn/_support.ts";
import { startServe, until } from "../serve/_support.ts";
import { freshSandbox, readLines, writeConfig } from "../support/cli.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const SESSION = "0b5e6c1e-0000-4000-8000-000000000001";

test("with a server running, the cycle runs after its learner when due: corrections → a proposal", async (t) => {
  const sb = freshSandbox(t, "brain-serve-due-");
  writeConfig(sb, { hooks: { dedupSeconds: 0 } });
  const project = writeClaudeProject(sb);
  const served = await startServe(sb, t, { env });
  const transcript = join(sb.dir, "session.jsonl");
  fs.writeFileSync(
    transcript,
    ["No, use pnpm here.", "No, pnpm, not npm.", "Nope, this repo uses pnpm."]
      .map(
        (text) =>
          turn(SESSION, "user", text, project) + turn(SESSION, "assistant", "Sorry, pnpm then.", project),
      )
      .join(""),
  );
  const stop = await runHook(
    sb,
    "stop",
    { ...common(sb, project, "Stop"), transcript_path: transcript },
    { env },
  );
  assert.deepEqual({ code: stop.code, out: stop.stdout }, { code: 0, out: "" });
  const proposals = join(sb.dir, "brain", ".brain", "proposals.jsonl");
  await until(
    () => fs.existsSync(proposals) && readLines(proposals).length > 0,
    "a proposal from the server's cycle",
    1200,
  );
  // The server may still be finishing the cycle's files: stop it before the sandbox goes.
  await served.stop();
  const p = readLines(proposals);
  assert.deepEqual(
    p.map((l) => [l.op, l.target]),
    [["propose", "USER.md"]],
  );
});
