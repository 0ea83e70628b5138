/**
 * The DEEP layer's training export: every line is a chat example both trainers accept (checked against the
 * documented format: OpenAI fine-tuning's and mlx_lm.lora's `{"messages":[…]}`, last turn the assistant's),
 * answers are unique, the 90/10 split is seeded, stable and whole, an example with a secret is left out, the
 * manifest's hashes are the files', `--since` and the proposal's status choose what goes in, a purge of an
 * entry in it deletes the dataset, and the CLI writes it (`brain deep export`, `brain export --format mlx`).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  checkExample,
  dedupExamples,
  type EntryLike,
  entryExample,
  type SourcedExample,
  splitExamples,
} from "../../src/deep/dataset.ts";
import { exportDataset } from "../../src/deep/export.ts";
import { localPurgeables } from "../../src/engine/local-state.ts";
import { BrainHome } from "../../src/store/home.ts";
import { purgeTarget } from "../../src/store/purge-target.ts";
import { brain, freshSandbox, json, show } from "../support/cli.ts";
import { fc } from "../support/fc.ts";

const entry = fc.record({
  id: fc.stringMatching(/^[a-z0-9]{8}$/),
  type: fc.constantFrom("learning", "preference", "behavior", "user", "identity", "task", "context"),
  created: fc.constant("2026-03-01T10:00:00.000Z"),
  text: fc.string({ maxLength: 60 }),
  key: fc.string({ maxLength: 12 }),
  value: fc.string({ maxLength: 40 }),
  category: fc.constantFrom("do", "dont", "value", "Code", ""),
  projectPath: fc.option(fc.constant("/repo"), { nil: undefined }),
});
const examplesOf = (es: EntryLike[]) =>
  es.map((e) => entryExample(e)).filter((x): x is SourcedExample => x !== null);
const lines = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);

describe("the training dataset", () => {
  it("every example is in the trainers' chat format; answers are unique after dedup", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (es) => {
        const { kept, duplicates } = dedupExamples(examplesOf(es as EntryLike[]));
        for (const x of kept) assert.equal(checkExample(JSON.parse(JSON.stringify(x.example))), null);
        const answers = kept.map((x) =>
          x.example.messages.at(-1)?.content.toLowerCase().replace(/\s+/g, " ").trim(),
        );
        assert.equal(new Set(answers).size, answers.length);
        assert.equal(kept.length + duplicates, examplesOf(es as EntryLike[]).length);
        for (const e of es)
          if (e.type === "task" || e.type === "context") assert.equal(entryExample(e as EntryLike), null);
        const seeded = {
          id: "b0000001",
          type: "behavior",
          category: "do",
          text: "Be direct — skip filler, get to the point",
        };
        assert.equal(entryExample(seeded), null, "a shipped default is not the user's teaching");
        assert.notEqual(entryExample({ ...seeded, text: "Be direct, in German" }), null, "an edited one is");
      }),
    );
  });

  it("the split is seeded, whole and disjoint, both sides non-empty from two examples, and stable as data grows", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), fc.string({ maxLength: 8 }), (es, seed) => {
        const xs = dedupExamples(examplesOf(es as EntryLike[])).kept;
        const a = splitExamples(xs, seed);
        assert.deepEqual(splitExamples(xs, seed), a, "same data and seed, same split");
        assert.equal(a.train.length + a.valid.length, xs.length);
        assert.equal(new Set([...a.train, ...a.valid]).size, xs.length);
        if (xs.length >= 2) assert.ok(a.train.length >= 1 && a.valid.length >= 1);
        // An example more moves no other (the two forced moves aside: only with a side that was empty).
        const more = splitExamples(
          [...xs, ...examplesOf([{ id: "zz", type: "learning", text: "one more" }])],
          seed,
        );
        if (a.valid.length >= 2 && a.train.length >= 2)
          for (const x of a.valid) assert.ok(more.valid.includes(x));
      }),
    );
  });

  it("a format check that accepts nothing else", () => {
    assert.equal(checkExample({ messages: [{ role: "user", content: "q" }] }), "fewer than two messages");
    assert.match(
      String(
        checkExample({
          messages: [
            { role: "user", content: "q" },
            { role: "tool", content: "a" },
          ],
        }),
      ),
      /unknown role/,
    );
    assert.match(
      String(
        checkExample({
          messages: [
            { role: "assistant", content: "a" },
            { role: "user", content: "q" },
          ],
        }),
      ),
      /last message/,
    );
  });
});

const SENDGRID = "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

describe("brain deep export", () => {
  it("writes train/valid and a manifest whose hashes are the files'; secrets, --since and pending proposals left out", async (t) => {
    const sb = freshSandbox(t, "brain-deep-");
    const out = join(sb.dir, "data");
    const entries: EntryLike[] = [
      ...Array.from({ length: 12 }, (_, i) => ({
        id: `l${i}`,
        type: "learning",
        text: `learning number ${i}: use pnpm in repo ${i}`,
        created: "2026-03-02T10:00:00.000Z",
      })),
      { id: "old", type: "learning", text: "an old one", created: "2025-01-01T00:00:00.000Z" },
      {
        id: "dup",
        type: "preference",
        text: "Learning number 1: use pnpm in repo 1",
        created: "2026-03-02T10:00:00.000Z",
      },
      {
        id: "sec",
        type: "learning",
        text: `deploy with key ${SENDGRID}`,
        created: "2026-03-02T10:00:00.000Z",
      },
    ];
    const proposal = (id: string, status: string) => ({
      id,
      at: "2026-03-03T10:00:00.000Z",
      status,
      target: "AGENTS.md",
      title: "t",
      text: `rule of ${id}`,
      why: "npm test failed 5 of 5 calls",
    });
    const m = await exportDataset({
      entries,
      proposals: [proposal("pa", "accepted"), proposal("pp", "pending"), proposal("pr", "rejected")],
      format: "mlx",
      since: "2026-03-01",
      out,
      now: new Date("2026-03-04T00:00:00.000Z"),
    });
    assert.equal(m.examples, 13, JSON.stringify(m));
    assert.deepEqual(m.bySource, { learning: 12, "accepted-proposal": 1 });
    assert.equal(m.duplicates, 1);
    assert.equal(m.secretsDropped, 1);
    assert.ok(!m.refs.includes("old") && !m.refs.includes("pp") && !m.refs.includes("pr"));
    const all = [...lines(join(out, "train.jsonl")), ...lines(join(out, "valid.jsonl"))];
    assert.equal(all.length, 13);
    for (const l of all) assert.equal(checkExample(l), null);
    assert.doesNotMatch(JSON.stringify(all), /SG\.abcdefghij/);
    for (const f of m.files)
      assert.equal(
        f.sha256,
        createHash("sha256")
          .update(fs.readFileSync(join(out, f.name)))
          .digest("hex"),
      );
    assert.deepEqual(JSON.parse(fs.readFileSync(join(out, "manifest.json"), "utf8")), m);
  });

  it("through the CLI, into .brain/deep; a purge of an entry in it deletes the dataset", async (t) => {
    const sb = freshSandbox(t, "brain-deep-cli-");
    for (const text of ["use pnpm, not npm, in this repo", "run tests with --run"]) {
      const r = await brain(sb, ["add", "type=learning", `text=${text}`]);
      assert.equal(r.code, 0, show(r));
    }
    const r = await brain(sb, ["deep", "export", "--format", "mlx", "--json"]);
    assert.equal(r.code, 0, show(r));
    const { dir, manifest } = json<{ dir: string; manifest: { examples: number; refs: string[] } }>(r);
    const home = BrainHome.ofLog(sb.brainPath);
    assert.equal(dir, home.file("deep"));
    assert.equal(manifest.examples, 2);
    assert.equal(lines(join(dir, "train.jsonl")).length + lines(join(dir, "valid.jsonl")).length, 2);

    const viaExport = await brain(sb, [
      "export",
      "--format",
      "openai",
      "--out",
      join(sb.dir, "oa"),
      "--json",
    ]);
    assert.equal(viaExport.code, 0, show(viaExport));
    assert.equal(lines(join(sb.dir, "oa", "train.jsonl")).length, 2);

    for (const p of localPurgeables(home)) p.purge(purgeTarget({ entries: ["nothing-here"] }));
    assert.ok(fs.existsSync(join(dir, "train.jsonl")), "a purge of something else keeps it");
    for (const p of localPurgeables(home)) p.purge(purgeTarget({ entries: [manifest.refs[0] as string] }));
    assert.deepEqual(fs.readdirSync(dir), [], "the dataset held the purged entry: deleted");
  });
});
