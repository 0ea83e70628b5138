/**
 * The recall index file read in place (src/recall/stored-index.ts, `Bm25.fromStored`) answers exactly as the
 * same file decoded whole (`Bm25.fromParts(decodeIndex(...))`): for random indexes (kinds, sessions, speakers,
 * dates, counts above a byte, superseded documents) and random queries, before and after more documents are
 * added and removed on top of it — scores, hits, totals, document frequencies, each hit's fields, and the
 * file written back from either, byte for byte.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { Bm25 } from "../../src/recall/bm25.ts";
import { scoreByMerge, scoreByScatter } from "../../src/recall/bm25-score.ts";
import { encodeIndex, INDEX_FILE_VERSION } from "../../src/recall/index-file.ts";
import { fileBytes, StoredIndex } from "../../src/recall/stored-index.ts";
import { decodeIndex } from "../support/decode-index.ts";
import { fc, SEED } from "../support/fc.ts";

const WORDS = ["tomato", "garden", "port", "staging", "deploy", "quince", "jam", "été", "naïve", "z"];
const word = fc.constantFrom(...WORDS);
const doc = fc.record({
  id: fc.nat(30),
  text: fc.array(word, { maxLength: 10 }),
  ctx: fc.array(word, { maxLength: 6 }),
  repeat: fc.constantFrom(0, 0, 0, 0, 256, 300),
  kind: fc.integer({ min: 0, max: 5 }),
  session: fc.option(fc.constantFrom("s1", "s2", "s3"), { nil: undefined }),
  speaker: fc.option(fc.constantFrom("ana", "ben"), { nil: undefined }),
  date: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: undefined }),
});
const op = fc.oneof(
  doc.map((d) => ({ add: d })),
  fc.nat(30).map((r) => ({ remove: r })),
);
const query = fc.record({
  terms: fc.array(fc.oneof(word, fc.constantFrom("absent", "gardens")), { minLength: 1, maxLength: 4 }),
  k: fc.integer({ min: 1, max: 12 }),
  allow: fc.option(fc.array(fc.constantFrom(0, 1, 2), { minLength: 6, maxLength: 6 }), { nil: undefined }),
});

/** Ids, some not ASCII (an index holding one reads its ids one by one, else as one string: stored-index.ts). */
const idOf = (n: number) => (n % 7 === 6 ? `é${n}` : `d${n}`);

type Doc = typeof doc extends fc.Arbitrary<infer D> ? D : never;
type Op = { add: Doc } | { remove: number };

function apply(b: Bm25, ops: Op[]) {
  for (const o of ops) {
    if ("remove" in o) {
      b.remove(idOf(o.remove));
      continue;
    }
    const d = o.add;
    const text = [...d.text, ...Array<string>(d.repeat).fill("tomato")];
    b.add({
      id: idOf(d.id),
      text,
      textLen: text.length + (d.id % 3),
      ctx: d.ctx,
      ctxLen: d.ctx.length,
      kind: d.kind,
      session: d.session,
      speaker: d.speaker,
      date: d.date,
    });
  }
}

function answers(b: Bm25, queries: { terms: string[]; k: number; allow?: number[] | undefined }[]) {
  return queries.map((q) => {
    const r = b.search(q.terms, q.k, q.allow);
    return {
      r,
      docs: r.hits.map((h) => [
        b.docs.id(h.doc),
        b.docs.kind(h.doc),
        b.docs.session(h.doc),
        b.docs.speaker(h.doc),
        b.docs.date(h.doc),
      ]),
      df: q.terms.map((t) => [b.posting(t)?.dfT, b.posting(t)?.dfC]),
      has: q.terms.map((_, i) => b.has(idOf(i))),
    };
  });
}

const dir = fs.mkdtempSync(join(tmpdir(), "brain-stored-index-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
let runs = 0;

/** Documents added and removed, more changes after a save and load, and queries. */
const history = [
  fc.array(op, { minLength: 1, maxLength: 40 }),
  fc.array(op, { maxLength: 15 }),
  fc.array(query, { minLength: 1, maxLength: 6 }),
] as const;

const file = (b: Bm25) =>
  Buffer.concat(encodeIndex({ version: INDEX_FILE_VERSION, marks: {} }, b.parts(), new Map([["ana", 2]])));

test("PROPERTY: an index read in place answers as the same file decoded whole, before and after changes", (t) => {
  t.diagnostic(`fast-check seed ${SEED}`);
  fc.assert(
    fc.property(...history, (before, later, queries) => {
      const built = new Bm25();
      apply(built, before);
      const buf = file(built);
      const lazy = Bm25.fromStored(new StoredIndex(buf));
      const whole = Bm25.fromParts(decodeIndex(buf).parts);
      // Read from the file a section at a time (postings term by term), as a cold query reads it.
      const path = join(dir, `index-${runs++}.bin`);
      fs.writeFileSync(path, buf);
      const sections = Bm25.fromStored(new StoredIndex(fileBytes(fs.openSync(path, "r"), buf.length)));
      assert.deepEqual(answers(sections, queries), answers(whole, queries));
      const totals = (b: Bm25) => [b.size, b.live, b.dead, b.sumT, b.sumC];
      assert.deepEqual(totals(lazy), totals(whole));
      assert.deepEqual(answers(lazy, queries), answers(whole, queries));
      assert.deepEqual(answers(lazy, queries), answers(built, queries));
      apply(lazy, later);
      apply(whole, later);
      apply(sections, later);
      assert.deepEqual(totals(lazy), totals(whole));
      assert.deepEqual(answers(lazy, queries), answers(whole, queries));
      assert.deepEqual(answers(sections, queries), answers(whole, queries));
      assert.ok(file(lazy).equals(file(whole)), "the file written back differs");
      assert.ok(file(sections).equals(file(whole)), "the file written back from the sections differs");
      fs.rmSync(path);
    }),
    { numRuns: 200 },
  );
});

/** Every document a query scores, by number: its score (bit for bit), text-field mask; and the total. */
function scored(b: Bm25, terms: string[], allow: number[] | undefined, how: "merge" | "scatter") {
  const list = b.queryTerms(terms);
  const avg = b.averages();
  const s =
    how === "merge"
      ? scoreByMerge(list, b.shared, b.docs.table, avg, allow)
      : scoreByScatter(list, b.shared, b.docs.table, avg, allow);
  assert.ok(s, "postings in document order");
  const rows = Array.from({ length: s.count }, (_, i) => [s.docs[i], s.scores[i], s.masks[i]] as const);
  return { rows: rows.sort((x, y) => (x[0] as number) - (y[0] as number)), total: s.total };
}

test("PROPERTY: scoring by merging postings gives the scatter's documents, scores (bit for bit) and total", (t) => {
  t.diagnostic(`fast-check seed ${SEED}`);
  fc.assert(
    fc.property(...history, (before, after, queries) => {
      const built = new Bm25();
      apply(built, before);
      // Read in place, then changed: postings in the file's run and added since (the tail).
      const lazy = Bm25.fromStored(new StoredIndex(file(built)));
      apply(lazy, after);
      for (const b of [built, lazy])
        for (const q of queries)
          assert.deepEqual(scored(b, q.terms, q.allow, "merge"), scored(b, q.terms, q.allow, "scatter"));
    }),
    { numRuns: 200 },
  );
});

test("postings out of document order are not merged (the scatter scores them)", () => {
  const b = new Bm25();
  b.add({ id: "a", text: ["jam"], textLen: 1, ctx: [], ctxLen: 0, kind: 0 });
  b.add({ id: "b", text: ["jam"], textLen: 1, ctx: [], ctxLen: 0, kind: 0 });
  const p = b.posting("jam");
  assert.ok(p);
  p.d.reverse();
  const term = { posting: p, bit: 1, idfT: 1, idfC: 1 };
  assert.equal(scoreByMerge([term], b.shared, b.docs.table, { t: 1, c: 1 }), null);
  assert.equal(scoreByScatter([term], b.shared, b.docs.table, { t: 1, c: 1 }).count, 2);
  assert.equal(b.search(["jam"], 5).hits.length, 2);
});
