/**
 * Recall below the turn: a long turn is indexed as passages (sentence windows that overlap by a sentence)
 * pointing to their turn, counted once; a recalled long turn shows the part the query needs, with more of
 * it when the budget allows; the session date is always shown.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { previewChars } from "../../src/context/sources/recall.ts";
import { Brain } from "../../src/engine/brain.ts";
import { PASSAGE_FROM, passages } from "../../src/recall/passages.ts";
import { focusedPreview } from "../../src/recall/preview.ts";

const filler = (n: number, seed: string) =>
  Array.from(
    { length: n },
    (_, i) => `The ${seed} report number ${i} lists routine figures for the quarter.`,
  ).join(" ");

describe("passages", () => {
  it("leaves a short turn whole and cuts a long one into overlapping sentence windows", () => {
    assert.deepEqual(passages("A short turn. Nothing more."), []);
    const text = filler(20, "weekly");
    assert.ok(text.length > PASSAGE_FROM);
    const p = passages(text);
    assert.ok(p.length > 2);
    for (const x of p) assert.ok(text.includes(x));
    // Consecutive passages share their boundary sentence.
    for (let i = 1; i < p.length; i++) {
      const last = (p[i - 1] as string)
        .trim()
        .split(/(?<=\.)\s+/)
        .pop() as string;
      assert.ok((p[i] as string).startsWith(last), `${i}: ${last}`);
    }
    // Every sentence is in some passage.
    for (const s of text.split(/(?<=\.)\s+/))
      assert.ok(
        p.some((x) => x.includes(s)),
        s,
      );
  });
});

describe("recall of long turns", () => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-passages-"));
  const fact = "Our database password rotation happens every ninety days on the vault server.";
  const long = `${filler(12, "monthly")} ${fact} ${filler(12, "yearly")}`;
  const file = join(dir, "chat.jsonl");
  const turns = [
    {
      session: "s1",
      date: "2024-03-05T10:00:00Z",
      speaker: "user",
      text: "How often do we rotate credentials?",
    },
    { session: "s1", date: "2024-03-05T10:01:00Z", speaker: "assistant", text: long },
    ...Array.from({ length: 30 }, (_, i) => ({
      session: `s${2 + (i % 5)}`,
      date: "2024-04-01T10:00:00Z",
      speaker: i % 2 ? "assistant" : "user",
      text: `${filler(2, `other${i}`)} The vault server was mentioned in passing ${i}.`,
    })),
  ];
  fs.writeFileSync(file, `${turns.map((t) => JSON.stringify(t)).join("\n")}\n`);

  it("finds a long turn through its passage, counted once, and shows that part with the date", async () => {
    const brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false });
    await brain.ingest(file, { format: "generic" });
    const r = brain.search("database password", { types: ["episode"] });
    assert.equal(r.total, 1);
    assert.equal(r.hits.length, 1);
    const ctx = brain.context({ query: "how often is the database password rotation?", budget: 2000 });
    assert.match(
      ctx.text,
      /\[2024-03-05\] assistant: .*database password rotation happens every ninety days/,
    );
    assert.equal(
      ctx.text.split("\n").filter((l) => l.includes("ninety days")).length,
      1,
      "the turn is shown once",
    );
    brain.persist(true);
    // Reopened from the saved index file: same answer.
    const again = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false });
    assert.equal(again.search("database password", { types: ["episode"] }).total, 1);
  });

  it("gives the best-ranked turns more room, and more room with a larger budget", () => {
    assert.ok(previewChars(0, 2000) > previewChars(20, 2000));
    assert.ok(previewChars(0, 8000) > previewChars(0, 2000));
    const small = focusedPreview(long, "database password rotation", previewChars(20, 2000));
    const big = focusedPreview(long, "database password rotation", previewChars(0, 2000));
    assert.ok(small.includes("database password rotation"), small);
    assert.ok(big.includes(fact), big);
    assert.ok(big.length > small.length);
  });

  it("keeps the part of one long sentence that matches, not its beginning", () => {
    const sentence = `${"word ".repeat(300)}the answer is lighthouse seven ${"tail ".repeat(100)}`;
    const p = focusedPreview(sentence, "which lighthouse?", 200);
    assert.ok(p.includes("lighthouse seven"), p);
    assert.ok(p.length <= 202);
  });
});
