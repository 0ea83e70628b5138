/**
 * Issue 21 §4, "a transcript rewritten or re-pointed shorter is skipped silently": each cursor remembers what
 * the bytes it has read looked like (a hash of the file's first bytes and of the bytes just before the
 * cursor). A file shorter than its cursor, or whose bytes there changed, is read again from the start —
 * idempotently (episode ids are stable) — and the run says so in its log line and in `brain learn`'s output;
 * the same content under a new inode (a copy moved over it) is not read again.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import type { LearnRun } from "../../src/learn/learn-log.ts";
import { runLearner } from "../../src/learn/worker.ts";
import { BrainHome } from "../../src/store/home.ts";
import { brain, freshSandbox, readLines, show } from "../support/cli.ts";
import { startFakeLlm } from "../support/fake-llm.ts";
import { fc } from "../support/fc.ts";
import { learnFiles } from "../support/learner.ts";
import { project, queueTranscript, S1, S2, turn, withModel } from "./_support.ts";

const episodes = (brainPath: string) => {
  const f = learnFiles(brainPath).episodes;
  return fs.existsSync(f) ? readLines(f).filter((e) => e.type === "episode") : [];
};
const texts = (brainPath: string) => new Set(episodes(brainPath).map((e) => String(e.text)));
const lines = (session: string, from: number, to: number, cwd: string, tag = "") =>
  Array.from({ length: to - from }, (_, i) =>
    turn(session, i % 2 ? "assistant" : "user", `${tag}message ${from + i + 1} of ${session}`, cwd),
  ).join("");

describe("a transcript rewritten or re-pointed", () => {
  it("rewritten shorter: read again from the start, and said so; when it grows again, no turn is skipped", async (t) => {
    const sb = freshSandbox(t, "brain-rewrite-");
    const p = project(sb);
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(transcript, lines(S1, 0, 20, p.cwd));
    queueTranscript(sb.brainPath, transcript, p.cwd);
    assert.equal((await brain(sb, ["learn"])).code, 0);
    assert.equal(episodes(sb.brainPath).length, 20);
    const before = fs.statSync(transcript).size;

    // Re-pointed: the path now holds another, shorter session (as after a restore or a `claude --resume` copy).
    fs.writeFileSync(transcript, lines(S2, 0, 3, p.cwd));
    assert.ok(fs.statSync(transcript).size < before);
    queueTranscript(sb.brainPath, transcript, p.cwd, S2);
    const r = await brain(sb, ["learn"]);
    assert.equal(r.code, 0, show(r));
    assert.match(r.stdout, /1 transcript\(s\) read again from the start/, show(r));
    assert.match(r.stderr, /s1\.jsonl: shorter than the \d+ bytes already read .*from the start/, show(r));
    const run = readLines(learnFiles(sb.brainPath).log).at(-1) as unknown as LearnRun;
    assert.deepEqual(
      run.restarted?.map((x) => [x.from, x.reason]),
      [[before, "shorter"]],
    );
    for (let i = 1; i <= 3; i++) assert.ok(texts(sb.brainPath).has(`message ${i} of ${S2}`), `S2 turn ${i}`);

    // It grows past where the old cursor was: every turn of the new session is there.
    fs.appendFileSync(transcript, lines(S2, 3, 40, p.cwd));
    queueTranscript(sb.brainPath, transcript, p.cwd, S2);
    assert.equal((await brain(sb, ["learn"])).code, 0);
    for (let i = 1; i <= 40; i++) assert.ok(texts(sb.brainPath).has(`message ${i} of ${S2}`), `S2 turn ${i}`);
    assert.equal(episodes(sb.brainPath).length, 60, "nothing stored twice");
  });

  it("with a model: turns read again after a restart are not learned from twice; new ones are", async (t) => {
    const fake = await startFakeLlm("openai");
    t.after(() => fake.close());
    const sb = freshSandbox(t, "brain-rewrite-");
    const p = project(sb);
    const env = withModel(sb, fake);
    fake.respond = (body) => {
      const sent = JSON.stringify(body).split("New messages to extract from:")[1] ?? "";
      const items = [...sent.matchAll(/message (\d+) of/g)].map((m) => ({
        type: "learning",
        text: `Fact number ${m[1]} from the session, worded ${fake.requests.length} times`,
        importance: "low",
      }));
      return { answer: { items: items.slice(0, 3) } };
    };
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(transcript, lines(S1, 0, 2, p.cwd));
    queueTranscript(sb.brainPath, transcript, p.cwd);
    assert.equal((await brain(sb, ["learn"], { env })).code, 0);
    assert.equal(fake.requests.length, 1);
    const learned = () => readLines(sb.brainPath).filter((e) => e.type === "learning");
    assert.equal(learned().length, 2);

    // Cut back to its first line: read again from the start, nothing new to learn from, no model call.
    fs.writeFileSync(transcript, fs.readFileSync(transcript, "utf8").split(/(?<=\n)/)[0] as string);
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const again = await brain(sb, ["learn"], { env });
    assert.equal(again.code, 0, show(again));
    assert.match(again.stdout, /read again from the start/);
    assert.equal(fake.requests.length, 1, "the model is not asked about turns already learned from");
    assert.equal(learned().length, 2);

    fs.appendFileSync(transcript, lines(S1, 2, 3, p.cwd));
    queueTranscript(sb.brainPath, transcript, p.cwd);
    assert.equal((await brain(sb, ["learn"], { env })).code, 0);
    assert.equal(fake.requests.length, 2);
    const asked = JSON.stringify(fake.requests[1]?.body).split("New messages to extract from:")[1] ?? "";
    assert.match(asked, /message 3 of/);
    assert.doesNotMatch(asked, /message 1 of/, "only the new turn is new");
    assert.equal(learned().length, 3);
  });

  it("any sequence of appends, rewrites, truncations and copies: after each run every turn in the file is stored once, and a restart is reported exactly when the bytes read changed", async (t) => {
    const sb = freshSandbox(t, "brain-rewrite-");
    const p = project(sb);
    const transcript = join(sb.dir, "s.jsonl");
    type Op =
      | { kind: "append"; n: number }
      | { kind: "truncate"; keep: number }
      | { kind: "replace"; n: number }
      | { kind: "copy" };
    const op = fc.oneof(
      fc.record({ kind: fc.constant("append" as const), n: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant("truncate" as const), keep: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant("replace" as const), n: fc.integer({ min: 1, max: 12 }) }),
      fc.record({ kind: fc.constant("copy" as const) }),
    );
    let trial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const dir = join(sb.dir, `trial-${++trial}`);
        const brainPath = join(dir, "brain", "brain.jsonl");
        fs.mkdirSync(join(dir, "brain"), { recursive: true });
        let lineCount = 0;
        let generation = 0;
        const content: string[] = [];
        const write = () => fs.writeFileSync(transcript, content.join(""));
        content.push(lines(S1, 0, 2, p.cwd, `g${generation} `));
        lineCount = 2;
        write();
        let b: Brain | undefined;
        try {
          for (const o of [{ kind: "append", n: 0 } as Op, ...ops]) {
            let changed = false;
            const size = fs.existsSync(transcript) ? fs.statSync(transcript).size : 0;
            if (o.kind === "append" && o.n > 0) {
              content.push(lines(S1, lineCount, lineCount + o.n, p.cwd, `g${generation} `));
              lineCount += o.n;
              fs.appendFileSync(transcript, content.at(-1) as string);
            } else if (o.kind === "truncate") {
              const all = content.join("").split(/(?<=\n)/);
              const kept = all.slice(0, Math.min(o.keep, all.length));
              changed = kept.join("").length < size;
              content.splice(0, content.length, ...kept);
              lineCount = kept.length;
              write();
            } else if (o.kind === "replace") {
              generation++;
              content.splice(0, content.length, lines(S1, 0, o.n, p.cwd, `g${generation} `));
              lineCount = o.n;
              changed = size > 0;
              write();
            } else if (o.kind === "copy") {
              const copy = `${transcript}.copy`;
              fs.copyFileSync(transcript, copy);
              fs.renameSync(copy, transcript);
            }
            queueTranscript(brainPath, transcript, p.cwd);
            const out = await runLearner({
              home: BrainHome.ofLog(brainPath),
              now: () => new Date("2026-03-02T12:00:00Z"),
              openBrain: async () => {
                b ??= Brain.open({ path: brainPath, cwd: dir, snapshot: false });
                return b;
              },
              durable: false,
            });
            assert.equal(out.status, "ran");
            const run = (out as { run: LearnRun }).run;
            assert.equal(run.restarted?.length ?? 0, changed ? 1 : 0, `${o.kind}: ${JSON.stringify(run)}`);
            const stored = texts(brainPath);
            for (const l of content.join("").split("\n").filter(Boolean)) {
              const text = JSON.parse(l).message;
              const body = typeof text.content === "string" ? text.content : text.content[0].text;
              assert.ok(stored.has(body), `after ${o.kind}: "${body}" is stored`);
            }
            const ids = episodes(brainPath).map((e) => e.id);
            assert.equal(new Set(ids).size, ids.length, "no episode twice");
          }
        } finally {
          b?.close();
        }
      }),
      { numRuns: 25 },
    );
  });
});
