/**
 * examples/mind-loop.ts, the small autonomous agent loop on the library, run as a user runs it (a child
 * process, tsx) against the fake OpenAI-compatible model server on 127.0.0.1: it decides from the decision
 * context, acts (lists, reads, fails on a missing file), ticks, reflects every 3 ticks and completes its goal.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { freshSandbox, run, show } from "../support/cli.ts";
import { startFakeLlm } from "../support/fake-llm.ts";

const REPO = join(import.meta.dirname, "..", "..");
const EXAMPLE = join(REPO, "examples", "mind-loop.ts");

describe("the example agent loop", () => {
  it("decides, acts, ticks, reflects every 3 ticks and completes its goal, against the fake model", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-example-");
    const work = join(sb.dir, "work");
    const agent = join(sb.dir, "agent");
    fs.mkdirSync(work);
    fs.mkdirSync(agent);
    fs.writeFileSync(join(work, "notes.md"), "The tests need Postgres 16\nrun make db first\n");
    fake.script(
      {
        answer: {
          thought: "look around first",
          action: "list",
          path: ".",
          plan: ["list the root", "read the notes"],
        },
      },
      { answer: { thought: "the notes should say", action: "read", path: "notes.md" } },
      { answer: { thought: "maybe a readme", action: "read", path: "README.md" } },
      {
        answer: {
          selfSummary: "I look before I read.",
          facts: ["tests need Postgres 16"],
          selfInstructions: ["read notes first"],
        },
      },
      { answer: { thought: "I know enough", action: "done" } },
    );
    const r = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        EXAMPLE,
        "--dir",
        agent,
        "--root",
        work,
        "--goal",
        "Find what the tests need",
        "--ticks",
        "6",
      ],
      sb,
      { cwd: REPO, env: { MODEL_BASE_URL: fake.baseUrl, MODEL: "tiny" } },
    );
    assert.equal(r.code, 0, show(r));
    assert.match(
      r.stdout,
      /tick 1: list \. → success\ntick 2: read notes\.md → success\ntick 3: read README\.md → failure\ntick 3: reflected\ntick 4: done/,
    );
    assert.equal(fake.requests.length, 5);
    // Each decision saw the working context: the goal, and after the failure, the error.
    const sent = (i: number) => JSON.stringify(fake.requests[i]?.body);
    assert.match(sent(0), /Find what the tests need/);
    assert.match(sent(3), /ENOENT/);

    const brain = Brain.open({ path: join(agent, "brain.jsonl"), cwd: agent });
    t.after(() => brain.close());
    const s = brain.mind.full();
    assert.equal(s.ticks, 4);
    assert.deepEqual(
      s.goals.map((g) => [g.text, g.status]),
      [["Find what the tests need", "done"]],
    );
    assert.deepEqual(s.plan?.steps, ["list the root", "read the notes"]);
    assert.deepEqual([...s.exploredPaths.keys()], [work, join(work, "notes.md")]);
    assert.match(s.exploredPaths.get(join(work, "notes.md"))?.summary ?? "", /Postgres 16/);
    assert.equal(s.selfSummary, "I look before I read.");
    assert.deepEqual(
      s.facts.map((f) => f.text),
      ["tests need Postgres 16"],
    );
    assert.deepEqual(
      s.actions.map((a) => a.outcome),
      ["success", "success", "failure", "success"],
    );
  });
});
