/**
 * A team store's local directory (issue 15): the fold snapshot keyed by the last sequence number folded (a
 * second open reads only the rows since, and a row inserted by SQL behind the client's back is still
 * picked up); a snapshot the table no longer matches is not trusted; episodes and the recall index stay on
 * this machine; the learner's Step 1 stores episodes on a team store; `brain compact` says it is not available.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TestContext, test } from "node:test";
import pg from "pg";
import { Brain } from "../../src/engine/brain.ts";
import type { PostgresStore } from "../../src/store/postgres/store.ts";
import { runHook } from "../hooks/_support.ts";
import { project, queueTranscript, S1, turn } from "../learn/_support.ts";
import { brain, freshSandbox, homeFor, readLines } from "../support/cli.ts";
import { createDatabaseSync, type PgServer, postgresOrSkip } from "../support/postgres.ts";
import { openStore } from "./support/pg-store.ts";

const server = await postgresOrSkip();
const needs = server ? {} : { skip: "no PostgreSQL here" };

function localDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), "brain-team-local-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Run SQL on the database directly (another client, behind the brain's back). */
async function sql(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

const learningLine = (id: string, text: string) =>
  JSON.stringify({ type: "learning", id, text, created: "2026-01-01T00:00:00.000Z" });

/** The snapshot's header: which sequence number it covers. */
function snapshotSeq(store: PostgresStore): number {
  const file = store.derived?.path("snapshot") ?? "";
  const header = JSON.parse(fs.readFileSync(file, "utf8").split("\n")[0] ?? "{}") as {
    position: { offset: number };
  };
  return header.position.offset;
}

async function seeded(t: TestContext, pgServer: PgServer) {
  const url = createDatabaseSync(pgServer, t);
  const dir = localDir(t);
  const first = openStore(t, { url, localDir: dir });
  const b1 = Brain.open({ store: first, seedDefault: false });
  for (const text of ["Deploys go through staging", "The cache warms at 04:00", "Ports above 8000 only"])
    await b1.act({ action: "add", type: "learning", text });
  assert.ok(b1.persist(true), "the snapshot is saved in the local directory");
  return { url, dir, first, covered: snapshotSeq(first) };
}

test(
  "a second open reads only the rows since its snapshot, including one inserted by SQL behind its back",
  needs,
  async (t) => {
    if (!server) return;
    const { url, dir, covered } = await seeded(t, server);
    await sql(
      url,
      `SELECT brain_append(gen_random_uuid(), 'sql-1', 'learning', '${learningLine("sql-1", "Inserted by hand")}',
         true, true, 'team', NULL, NULL, 'psql')`,
    );
    const second = openStore(t, { url, localDir: dir });
    const b2 = Brain.open({ store: second, seedDefault: false });
    assert.equal(b2.loadedFrom, "snapshot");
    assert.equal(second.rowsRead, 1, "only the row committed after the snapshot was fetched");
    assert.equal(b2.state.list("learning").length, 4);
    assert.ok(b2.state.find("sql-1"), "the row inserted behind the client's back is folded");
    assert.ok(b2.persist(true));
    assert.ok(snapshotSeq(second) > covered, "the snapshot now covers the newer row");
  },
);

test("a snapshot the table no longer matches is not trusted: rebuilt from the table", needs, async (t) => {
  if (!server) return;
  const { url, dir } = await seeded(t, server);
  const open = () => {
    const s = openStore(t, { url, localDir: dir });
    return { s, b: Brain.open({ store: s, seedDefault: false }) };
  };

  // Rows gone behind the client's back (same generation): the sequence number it covers is not there.
  await sql(url, "DELETE FROM brain_events WHERE seq > (SELECT min(seq) FROM brain_events)");
  const shrunk = open();
  assert.equal(shrunk.b.snapshotStatus, "mismatch");
  assert.equal(shrunk.b.loadedFrom, "log");
  assert.equal(shrunk.b.state.list("learning").length, 1);
  assert.ok(shrunk.b.persist(true));

  // The table recreated from scratch, then written again past the snapshot's number: a new generation.
  await sql(
    url,
    "DROP TABLE brain_events, brain_dedup, brain_meta, brain_migrations; DROP FUNCTION brain_append",
  );
  const fresh = openStore(t, { url });
  fresh.withLock(
    () => fresh.append([1, 2, 3, 4, 5].map((i) => learningLine(`new-${i}`, `new text ${i}`))),
    "test",
  );
  const recreated = open();
  assert.equal(recreated.b.snapshotStatus, "mismatch");
  assert.deepEqual(
    recreated.b.state
      .list("learning")
      .map((r) => r.id)
      .sort(),
    ["new-1", "new-2", "new-3", "new-4", "new-5"],
  );

  // A damaged snapshot: unreadable, read from the table.
  assert.ok(recreated.b.persist(true));
  fs.writeFileSync(recreated.s.derived?.path("snapshot") ?? "", "not a snapshot\n");
  const damaged = open();
  assert.equal(damaged.b.snapshotStatus, "unreadable");
  assert.equal(damaged.b.state.list("learning").length, 5);
});

test("episodes and the recall index of a team store stay in its local directory", needs, async (t) => {
  if (!server) return;
  const url = createDatabaseSync(server, t);
  const dir = localDir(t);
  const transcript = join(dir, "chat.jsonl");
  fs.writeFileSync(
    transcript,
    [
      { role: "user", content: "Where does the nightly report land?" },
      { role: "assistant", content: "It lands in the quarterly bucket named heron." },
    ]
      .map((m) => JSON.stringify(m))
      .join("\n"),
  );
  const store = openStore(t, { url, localDir: dir });
  const b = Brain.open({ store, seedDefault: false });
  const r = await b.ingest(transcript, { format: "openai", session: "s1" });
  assert.equal(r.added, 2);
  const found = b.search("heron bucket", { types: ["episode"] });
  assert.ok(
    found.hits.some((x) => x.text.includes("heron")),
    JSON.stringify(found),
  );
  assert.equal(readLines(join(dir, "episodes.jsonl")).length, 2, "the transcript's turns, on this machine");
  assert.ok(
    store.lines().every((l) => !l.includes("heron")),
    "nothing of the transcript on the server",
  );
  b.close();
  assert.ok(fs.existsSync(store.derived?.path("recall.bin") ?? ""), "the recall index is saved locally");

  const again = Brain.open({ store: openStore(t, { url, localDir: dir }), seedDefault: false });
  again.search("heron", { types: ["episode"] });
  assert.equal(again.recallEngine.status, "loaded", "the saved index is trusted on the next open");
});

test("the learner's Step 1 on a team store: queued transcripts become local episodes", needs, async (t) => {
  if (!server) return;
  const sb = freshSandbox(t, "brain-team-learn-");
  const env = { BRAIN_STORE: createDatabaseSync(server, t) };
  const p = project(sb);
  const transcript = join(sb.dir, "s1.jsonl");
  fs.writeFileSync(transcript, turn(S1, "user", "The staging server listens on port 8443.", p.cwd));
  queueTranscript(homeFor(sb, env), transcript, p.cwd);
  const r = await brain(sb, ["learn"], { env });
  assert.equal(r.code, 0, r.stderr || r.stdout);
  const teamDirs = fs.readdirSync(join(sb.home, ".brain", "team"));
  assert.equal(teamDirs.length, 1, "one local directory for this team brain");
  const episodes = readLines(join(sb.home, ".brain", "team", teamDirs[0] ?? "", "episodes.jsonl"));
  assert.deepEqual(
    episodes.map((e) => e.text),
    ["The staging server listens on port 8443."],
  );
  const search = await brain(sb, ["search", "staging port", "--json"], { env });
  assert.equal(search.code, 0, search.stderr || search.stdout);
  assert.match(search.stdout, /8443/);

  const hook = await runHook(
    sb,
    "user-prompt-submit",
    { session_id: "s2", cwd: p.cwd, prompt: "which port does the staging server listen on?" },
    { env, cwd: p.cwd },
  );
  assert.equal(hook.code, 0, hook.stderr);
  assert.match(hook.stdout, /8443/, "the prompt hook recalls the local episode on a team store");

  const compact = await brain(sb, ["compact"], { env });
  assert.notEqual(compact.code, 0);
  assert.match(compact.stderr, /compaction is not available for postgres:\/\/127\.0\.0\.1:\d+\/brain_\w+: /);
});
