/**
 * The binary recall index file (src/recall/index-file.ts): trusted only when whole — a truncated or
 * corrupted file (any cut, any flipped byte) is rebuilt, never used — and a file written and read back
 * ranks exactly as the index it was written from, counts above a byte included.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Brain } from "../../src/engine/brain.ts";
import { Bm25 } from "../../src/recall/bm25.ts";
import { encodeIndex, INDEX_FILE_VERSION } from "../../src/recall/index-file.ts";
import { CHECKED_KIND, recallIndexPath } from "../../src/recall/recall.ts";
import { derivedPath, SETTLED_MS } from "../../src/store/jsonl/log-identity.ts";
import { decodeIndex } from "../support/decode-index.ts";
import { fc } from "../support/fc.ts";

const NOW = new Date("2026-01-01T00:00:00Z");
const open = (dir: string) =>
  Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir, now: () => NOW, seedDefault: false });

/** A brain with a few learnings and a session of turns (one turn repeats a word 300 times). */
async function sample(dir: string): Promise<Brain> {
  const b = open(dir);
  for (const text of ["Deploys go out on Tuesdays", "The staging database listens on port 5433"])
    await b.act({ action: "add", type: "learning", text });
  const turns = [
    { speaker: "Ana", text: "We planted tomatoes beside the zucchini in the garden." },
    { speaker: "Ben", text: `${"tomato ".repeat(300)}is all I can say about the harvest.` },
    { speaker: "Ana", text: "The staging port moved when we upgraded the database." },
  ].map((t, i) => JSON.stringify({ session: "garden", date: `2024-04-1${i}T08:00:00Z`, ...t }));
  fs.writeFileSync(join(dir, "g.jsonl"), `${turns.join("\n")}\n`);
  await b.ingest(join(dir, "g.jsonl"));
  b.persist(true);
  return b;
}

const QUERIES = ["staging database port", "tomato harvest", "garden zucchini", "tuesdays deploys"];
const answers = (b: Brain) => QUERIES.map((q) => b.recall(q).map((r) => `${r.rec.id} ${r.score.toFixed(9)}`));

test("a written index file ranks exactly as the index it was written from (counts above 255 too)", async (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-index-file-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const expected = answers(await sample(dir));
  assert.ok(fs.existsSync(recallIndexPath(join(dir, "brain.jsonl"))));
  const loaded = open(dir);
  assert.deepEqual(answers(loaded), expected);
  assert.equal(loaded.recallEngine.status, "loaded");
});

test("a truncated or corrupted index file is rebuilt, never trusted", async (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-index-file-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const expected = answers(await sample(dir));
  const file = recallIndexPath(join(dir, "brain.jsonl"));
  const good = fs.readFileSync(file);
  fc.assert(
    fc.property(
      fc.oneof(
        fc.record({ cut: fc.integer({ min: 0, max: good.length - 1 }) }),
        fc.record({
          at: fc.integer({ min: 0, max: good.length - 1 }),
          xor: fc.integer({ min: 1, max: 255 }),
        }),
      ),
      (damage) => {
        const bad = Buffer.from(good);
        const written = "cut" in damage ? bad.subarray(0, damage.cut) : bad;
        if ("at" in damage) written[damage.at] = (written[damage.at] as number) ^ damage.xor;
        fs.writeFileSync(file, written);
        const b = open(dir);
        const got = answers(b);
        assert.match(b.recallEngine.status, /^rebuilt/, `damage ${JSON.stringify(damage)} was trusted`);
        assert.deepEqual(got, expected);
      },
    ),
    { numRuns: 60 },
  );
});

test("a hash check is remembered for the file as it is, and vouches for nothing once the file changed", async (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-index-file-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const expected = answers(await sample(dir));
  const file = recallIndexPath(join(dir, "brain.jsonl"));
  const stamp = derivedPath(join(dir, "brain.jsonl"), CHECKED_KIND);
  // Remembered only once the file's ctime is SETTLED_MS old (src/store/jsonl/file-check.ts).
  const ctime = Number(fs.statSync(file, { bigint: true }).ctimeNs / 1_000_000n);
  await sleep(Math.max(0, ctime + SETTLED_MS + 5 - Date.now()));
  assert.equal(fs.existsSync(stamp), false);
  const first = open(dir);
  assert.deepEqual(answers(first), expected);
  assert.equal(first.recallEngine.status, "loaded");
  assert.ok(fs.existsSync(stamp), "the check was remembered");
  const second = open(dir);
  assert.deepEqual(answers(second), expected);
  assert.equal(second.recallEngine.status, "loaded");
  // The same file with one byte of its body changed in place (same inode, same size; a document's length,
  // which nothing but the hash checks): hashed again, refused.
  const bad = fs.readFileSync(file);
  const body = Math.ceil((12 + bad.readUInt32LE(8)) / 8) * 8 + 32;
  bad[body + 9] = (bad[body + 9] as number) ^ 1;
  fs.writeFileSync(file, bad);
  const third = open(dir);
  assert.deepEqual(answers(third), expected);
  assert.match(third.recallEngine.status, /^rebuilt/);
});

test("a flipped byte in the header (the marks of the logs it was built from) is never trusted either", async (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-index-file-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const expected = answers(await sample(dir));
  const file = recallIndexPath(join(dir, "brain.jsonl"));
  const good = fs.readFileSync(file);
  const headerEnd = 12 + good.readUInt32LE(8);
  const trusted: number[] = [];
  for (let at = 0; at < headerEnd; at++) {
    const bad = Buffer.from(good);
    bad[at] = (bad[at] as number) ^ 1;
    fs.writeFileSync(file, bad);
    const b = open(dir);
    const got = answers(b);
    if (!/^rebuilt/.test(b.recallEngine.status)) trusted.push(at);
    assert.deepEqual(got, expected);
  }
  assert.deepEqual(
    trusted,
    [],
    `flipped header bytes trusted: ${good.subarray(0, headerEnd).toString("latin1")}`,
  );
});

test("turns another reader of the episode log saw first are still indexed (listing, batched ingest)", async (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-index-file-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const server = await sample(dir);
  server.recall("warm"); // the index is loaded and synced
  // Another process imports a turn; this one lists episodes (reading the log's tail) before it searches.
  const line = (text: string, i: number, session = "orchard") =>
    JSON.stringify({ session, date: "2024-05-01T08:00:00Z", speaker: "Ana", text, turn: `t${i}` });
  fs.writeFileSync(join(dir, "o.jsonl"), `${line("The quince tree finally blossomed.", 0)}\n`);
  await open(dir).ingest(join(dir, "o.jsonl"));
  server.listEpisodes();
  assert.equal(server.recall("quince blossomed")[0]?.rec.entry.text, "The quince tree finally blossomed.");
  // One import appended in several batches (5000 turns a batch): the first batch's turns are found too.
  const many = Array.from({ length: 5001 }, (_, i) =>
    line(i === 0 ? "Medlar jam on the first day." : `filler ${i}`, i, "pantry"),
  );
  fs.writeFileSync(join(dir, "big.jsonl"), `${many.join("\n")}\n`);
  await server.ingest(join(dir, "big.jsonl"));
  // (Its neighbour holds the words in its context field and may rank first: the turn itself must be found.)
  const found = (b: Brain) =>
    b.recall("medlar jam").some((r) => r.rec.entry.text === "Medlar jam on the first day.");
  assert.ok(found(server), "the first batch's turn is indexed");
  assert.ok(found(open(dir)), "and in the saved index");
});

test("an index read back from its file is the index it was written from (postings, frequencies, counts above a byte)", () => {
  const word = fc.constantFrom("tomato", "garden", "port", "staging", "deploy", "quince", "jam");
  const doc = fc.record({
    text: fc.array(word, { maxLength: 12 }),
    ctx: fc.array(word, { maxLength: 8 }),
    repeat: fc.constantFrom(0, 0, 0, 256, 300),
    kind: fc.integer({ min: 0, max: 3 }),
  });
  fc.assert(
    fc.property(fc.array(doc, { minLength: 1, maxLength: 30 }), fc.array(fc.nat(40)), (docs, removed) => {
      const b = new Bm25();
      docs.forEach((d, i) => {
        const text = [...d.text, ...Array<string>(d.repeat).fill("tomato")];
        b.add({
          id: `d${i % 25}`,
          text,
          textLen: text.length,
          ctx: d.ctx,
          ctxLen: d.ctx.length,
          kind: d.kind,
        });
      });
      for (const r of removed) b.remove(`d${r}`);
      const chunks = encodeIndex({ version: INDEX_FILE_VERSION, marks: {} }, b.parts(), new Map());
      const back = Bm25.fromParts(decodeIndex(Buffer.concat(chunks)).parts);
      // (The file keeps its terms sorted, so a query finds them by binary search: compared in that order.)
      const postings = (x: Bm25) =>
        [...x.post]
          .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
          .map(([term, p]) => {
            const d = [...x.shared.pd.subarray(p.start, p.start + p.n), ...p.d];
            const t = [...x.shared.pt.subarray(p.start, p.start + p.n), ...p.t];
            const c = [...x.shared.pc.subarray(p.start, p.start + p.n), ...p.c];
            return { term, dfT: p.dfT, dfC: p.dfC, postings: d.map((doc, i) => [doc, t[i], c[i]]) };
          });
      assert.deepEqual(postings(back), postings(b));
      assert.deepEqual([back.live, back.dead, back.sumT, back.sumC], [b.live, b.dead, b.sumT, b.sumC]);
      for (const q of [["tomato"], ["garden", "port"], ["jam", "deploy", "staging"]])
        assert.deepEqual(back.search(q, 10), b.search(q, 10));
    }),
    { numRuns: 80 },
  );
});

test("a file of another format version (its hash intact) is rebuilt, and written back in this version", async (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-index-file-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const expected = answers(await sample(dir));
  const file = recallIndexPath(join(dir, "brain.jsonl"));
  const good = fs.readFileSync(file);
  const hlen = good.readUInt32LE(8);
  const header = JSON.parse(good.subarray(12, 12 + hlen).toString("utf8")) as { version: number };
  const body = good.subarray(12 + hlen + ((8 - ((12 + hlen) % 8)) % 8) + 32);
  for (const version of [INDEX_FILE_VERSION - 1, INDEX_FILE_VERSION + 1]) {
    // The same file but for the version in its header, hashed again: only the version can make it rejected.
    const head = Buffer.from(JSON.stringify({ ...header, version }), "utf8");
    const len = Buffer.alloc(4);
    len.writeUInt32LE(head.length);
    const front = [Buffer.from("BRAINRIX"), len, head, Buffer.alloc((8 - ((12 + head.length) % 8)) % 8)];
    const sha = createHash("sha256");
    for (const b of [...front, body]) sha.update(b);
    fs.writeFileSync(file, Buffer.concat([...front, sha.digest(), body]));
    const b = open(dir);
    assert.deepEqual(answers(b), expected);
    assert.equal(b.recallEngine.status, "rebuilt (old format)");
    b.persist(true);
    const again = fs.readFileSync(file);
    assert.equal(
      JSON.parse(again.subarray(12, 12 + again.readUInt32LE(8)).toString("utf8")).version,
      INDEX_FILE_VERSION,
    );
  }
});

test("a resident process reads the index and the fold snapshot whole and keeps no descriptor of them; a command holds them while it runs", async (t) => {
  if (!fs.existsSync("/proc/self/fd")) return t.skip("no /proc");
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-index-fd-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  (await sample(dir)).close();
  const derived = [
    recallIndexPath(join(dir, "brain.jsonl")),
    derivedPath(join(dir, "brain.jsonl"), "snapshot"),
  ];
  const files = derived.map((f) => fs.realpathSync(f));
  const held = () =>
    files.filter((file) =>
      fs.readdirSync("/proc/self/fd").some((fd) => {
        try {
          return fs.readlinkSync(join("/proc/self/fd", fd)) === file;
        } catch {
          return false;
        }
      }),
    ).length;
  const answers: string[][] = [];
  for (const resident of [true, false]) {
    const b = Brain.open({
      path: join(dir, "brain.jsonl"),
      cwd: dir,
      now: () => NOW,
      seedDefault: false,
      resident,
    });
    answers.push(b.search("staging port tomatoes").hits.map((h) => h.id));
    answers.push(b.state.list("learning").map((r) => `${r.id} ${String(r.entry.text)}`));
    // Read whole and closed, the file is still checked against its stamp (not found unreadable and rebuilt).
    assert.equal(b.recallEngine.status, "loaded", `resident ${resident}`);
    assert.equal(b.loadedFrom, "snapshot", `resident ${resident}`);
    assert.equal(
      held(),
      resident ? 0 : 2,
      resident ? "the server holds no descriptor" : "a command reads sections",
    );
    b.close();
  }
  assert.deepEqual(answers.slice(0, 2), answers.slice(2));
  assert.ok((answers[0] ?? []).length > 0 && (answers[1] ?? []).length === 2);
});
