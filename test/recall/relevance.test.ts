/**
 * Relevance: the lexical index is a derived file (persisted, loaded, caught up incrementally, rebuilt when
 * missing or stale, and deleting it changes nothing but speed); search ranks the relevant entry first; a
 * context built for a query shows the relevant episode with its date and never exceeds its budget; batch
 * mode prints one JSON object per query.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Brain } from "../../src/engine/brain.ts";
import { queryDates } from "../../src/recall/analyze.ts";
import { recallIndexPath } from "../../src/recall/recall.ts";
import { cleanEnv } from "../support/env.ts";
import { assertBuilt, BIN, spawnProcessSync } from "../support/spawn.ts";

const FIX = fileURLToPath(new URL("./fixtures/", import.meta.url));
const NOW = new Date("2026-01-01T00:00:00Z");

function temp(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-recall-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const open = (dir: string) =>
  Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir, now: () => NOW, seedDefault: false });

async function withEverything(dir: string): Promise<Brain> {
  const b = open(dir);
  for (const f of ["generic.jsonl", "openai.json", "claude.jsonl", "pi.jsonl", "locomo.json"]) {
    await b.ingest(join(FIX, f));
  }
  return b;
}

describe("the index file", () => {
  test("written by ingest, loaded by the next process, rebuilt when deleted, same answers", async (t) => {
    const dir = temp(t);
    const b = await withEverything(dir);
    const file = recallIndexPath(join(dir, "brain.jsonl"));
    assert.ok(fs.existsSync(file), "ingest persists the index");
    const ids = (x: Brain) => x.recall("staging database port").map((r) => r.rec.id);
    const expected = ids(b);
    assert.ok(expected.length > 0);

    const loaded = open(dir);
    assert.deepEqual(ids(loaded), expected);
    assert.equal(loaded.recallEngine.status, "loaded");

    fs.rmSync(file);
    const rebuilt = open(dir);
    assert.deepEqual(ids(rebuilt), expected);
    assert.equal(rebuilt.recallEngine.status, "rebuilt (missing)");
  });

  test("appended entries are indexed incrementally; a replaced log makes the index stale", async (t) => {
    const dir = temp(t);
    await withEverything(dir);
    // another process appends a learning and a turn: the loaded index catches up without a rebuild
    const writer = open(dir);
    await writer.act({ action: "add", type: "learning", text: "Invoices are exported every Friday as CSV" });
    fs.appendFileSync(
      join(dir, "g2.jsonl"),
      `${JSON.stringify({ session: "garden", date: "2024-04-12T08:00:00Z", speaker: "Ana", text: "Zucchini went in beside the tomatoes." })}\n`,
    );
    await writer.ingest(join(dir, "g2.jsonl"));
    fs.rmSync(recallIndexPath(join(dir, "brain.jsonl")));
    const first = open(dir);
    first.recall("anything");
    first.persist(true); // index file now covers both logs
    await first.act({ action: "add", type: "learning", text: "Payroll runs on the 25th" });
    fs.appendFileSync(
      join(dir, "episodes.jsonl"),
      `${JSON.stringify({ id: "e-manual-1", type: "episode", created: NOW.toISOString(), session: "garden", turn: "x", speaker: "Ben", text: "Slugs ate the lettuce overnight.", date: "2024-04-13T08:00:00Z", source: "manual" })}\n`,
    );
    const next = open(dir);
    assert.equal(next.recall("payroll")[0]?.rec.entry.text, "Payroll runs on the 25th");
    assert.equal(next.recall("slugs lettuce")[0]?.rec.id, "e-manual-1");
    assert.equal(next.recallEngine.status, "loaded");

    // a log rewritten in place (same length, other bytes) no longer matches the file: rebuild
    next.persist(true);
    const ep = join(dir, "episodes.jsonl");
    const text = fs.readFileSync(ep, "utf8");
    fs.rmSync(ep);
    fs.writeFileSync(ep, text.replace("Slugs ate", "Snails ate"));
    const stale = open(dir);
    assert.equal(stale.recall("snails")[0]?.rec.id, "e-manual-1");
    assert.equal(stale.recallEngine.status, "rebuilt (stale)");
  });

  test("a removed or updated learning is never recalled in its old form", async (t) => {
    const dir = temp(t);
    const b = open(dir);
    const add = await b.act({
      action: "add",
      type: "learning",
      text: "Tabs for indentation in the Go services",
    });
    const id = add.written[0]?.id as string;
    assert.equal(b.recall("indentation")[0]?.rec.id, id);
    b.persist(true);
    await b.act({ action: "update", id, text: "gofmt decides whitespace in the Go services" });
    const c = open(dir);
    assert.equal(c.recall("gofmt whitespace")[0]?.rec.id, id);
    assert.equal(c.recall("indentation").length, 0);
    await c.act({ action: "remove", id, reason: "obsolete" });
    assert.equal(open(dir).recall("gofmt").length, 0);
  });
});

describe("ranking", () => {
  test("search ranks a relevant learning above an irrelevant one", async (t) => {
    const dir = temp(t);
    const b = open(dir);
    await b.act({
      action: "add",
      type: "learning",
      text: "The office coffee machine needs descaling monthly",
    });
    await b.act({ action: "add", type: "learning", text: "Releases deploy through the blue-green script" });
    await b.act({
      action: "add",
      type: "learning",
      text: "Deploy releases only after the smoke tests pass on staging",
    });
    const r = b.search("how do we deploy a release?");
    assert.deepEqual(
      r.hits.map((h) => h.text),
      [
        "Releases deploy through the blue-green script",
        "Deploy releases only after the smoke tests pass on staging",
      ],
    );
    assert.ok(r.hits.every((h) => h.score > 0 && h.score <= 1));
    const ranked = b.recall("coffee descaling");
    assert.equal(ranked[0]?.rec.entry.text, "The office coffee machine needs descaling monthly");
  });

  test("a query naming a period favours turns from it", async (t) => {
    const dir = temp(t);
    const b = await withEverything(dir);
    assert.deepEqual(queryDates("What happened on 2 April, 2022?")[0], {
      from: Date.UTC(2022, 3, 2),
      to: Date.UTC(2022, 3, 2),
    });
    const top = b.recall("What did Tomas say in April 2022?").slice(0, 2);
    assert.ok(
      top.every((r) => String(r.rec.entry.date).startsWith("2022-04")),
      JSON.stringify(top.map((r) => r.rec.entry)),
    );
  });

  test("a query naming a period with no word in common with any turn still gets the period's turns", async (t) => {
    const dir = temp(t);
    const b = await withEverything(dir);
    const found = b.recall("zyxwv qvrtk in April 2022?", { kinds: ["episode"] });
    assert.ok(found.length > 0, "the period's turns, though no turn says zyxwv");
    assert.ok(
      found.every((r) => String(r.rec.entry.date).startsWith("2022-0")),
      JSON.stringify(found.map((r) => r.rec.entry.date)),
    );
    assert.equal(b.recall("zyxwv qvrtk?", { kinds: ["episode"] }).length, 0, "no period, no word: nothing");
  });
});

describe("context for a query", () => {
  test("includes the relevant episode with its date, and never exceeds the budget", async (t) => {
    const dir = temp(t);
    const b = await withEverything(dir);
    const r = b.context({ query: "What is the name of Tomas's cat?", budget: 200 });
    assert.match(r.text, /^- \[2022-03-12\] Tomas: Nice! I adopted a grey cat called Pepper\./m);
    assert.ok(r.tokens <= 200);
    for (let budget = 5; budget <= 400; budget += 7) {
      const c = b.context({ query: "cat telescope ferry deploy staging port", budget });
      assert.ok(c.tokens <= budget, `budget ${budget}: ${c.tokens} tokens`);
      assert.ok(Math.ceil(c.text.length / 4) <= budget);
    }
  });

  test("without a query no episode appears", async (t) => {
    const dir = temp(t);
    const b = await withEverything(dir);
    const episodes = new Set(b.recallEngine.episodes.byId.keys());
    const r = b.context({ budget: 4000 });
    assert.ok(!r.injectedIds.some((id) => episodes.has(id)));
    assert.doesNotMatch(r.text, /Pepper/);
  });

  test("batch mode prints one {query,text,tokens,entryIds} line per query, in order", async (t) => {
    const dir = temp(t);
    const b = await withEverything(dir);
    b.persist(true);
    const queries = join(dir, "q.txt");
    fs.writeFileSync(queries, "What is the name of Tomas's cat?\n\nstaging database port\n");
    assertBuilt();
    const r = spawnProcessSync(
      process.execPath,
      [
        BIN,
        "--brain",
        join(dir, "brain.jsonl"),
        "--cwd",
        dir,
        "context",
        "--budget",
        "150",
        "--format",
        "json",
        "--queries",
        queries,
      ],
      { cwd: dir, env: cleanEnv({ HOME: dir, BRAIN_NOW: NOW.toISOString() }) },
    );
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 2);
    assert.deepEqual(Object.keys(lines[0]), ["query", "text", "tokens", "entryIds"]);
    assert.equal(lines[0].query, "What is the name of Tomas's cat?");
    assert.equal(lines[1].query, "staging database port");
    const cat = [...b.recallEngine.episodes.byId.values()].find((r) => r.entry.turn === "D1:2");
    assert.ok(lines[0].entryIds.includes(cat?.id));
    for (const l of lines) assert.ok(l.tokens <= 150 && l.tokens === Math.ceil(l.text.length / 4));
    assert.match(lines[1].text, /port 6543/);
  });
});
