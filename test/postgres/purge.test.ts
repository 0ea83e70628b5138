/**
 * Purge on a team store (issue 22): `remove … purge=true` deletes the entry's rows (and their dedup keys) from
 * the shared table — a dump of the table finds nothing — and another machine following the log (its own local
 * directory, woken by NOTIFY) starts over from the table and rewrites its local derived files without them.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TestContext, test } from "node:test";
import pg from "pg";
import { Brain } from "../../src/engine/brain.ts";
import { createDatabaseSync, postgresOrSkip } from "../support/postgres.ts";
import { openStore } from "./support/pg-store.ts";

const server = await postgresOrSkip();
const needs = server ? {} : { skip: "no PostgreSQL here" };

function localDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), "brain-team-purge-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function dump(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const rows = await c.query("SELECT * FROM brain_events");
    const dedup = await c.query("SELECT * FROM brain_dedup");
    return JSON.stringify([rows.rows, dedup.rows]);
  } finally {
    await c.end();
  }
}

/** Every file under `dir`, read as text, joined (what `grep -r` would see). */
function allText(dir: string): string {
  let out = "";
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) out += fs.readFileSync(join(e.parentPath, e.name), "utf8");
  return out;
}

test(
  "remove purge=true on a team store: gone from the table and from another machine's local files",
  needs,
  async (t) => {
    if (!server) return;
    const url = createDatabaseSync(server, t);
    const [dirA, dirB] = [localDir(t), localDir(t)];
    const a = Brain.open({ store: openStore(t, { url, localDir: dirA }), seedDefault: false });
    const secret = "the shared vault key is qz7-Wombat-551";
    const id = String((await a.act({ action: "add", type: "learning", text: secret })).data?.id);
    await a.act({ action: "add", type: "learning", text: "Deploys go through staging" });
    // Machine B follows the log and keeps its own derived files.
    const b = Brain.open({ store: openStore(t, { url, localDir: dirB }), seedDefault: false });
    assert.match(
      b
        .search("vault key")
        .hits.map((h) => h.text)
        .join("\n"),
      /Wombat/,
    );
    b.persist(true);
    let changed = 0;
    const stop = b.follow(() => changed++);
    t.after(() => stop?.());
    assert.match(allText(dirB), /Wombat/, "B's local files hold it before");

    const r = await a.act({ action: "remove", id, purge: true });
    assert.match(r.message, /^Purged learning/);
    assert.doesNotMatch(await dump(url), /Wombat|qz7/, "the table and its dedup keys hold nothing of it");
    for (let i = 0; i < 400 && changed === 0; i++) await new Promise((res) => setTimeout(res, 25));
    assert.ok(changed > 0, "B was told");
    assert.doesNotMatch(allText(dirB), /Wombat/, "B's local derived files were rebuilt without it");
    assert.equal(b.state.find(id), undefined);
    assert.match(
      b
        .search("staging")
        .hits.map((h) => h.text)
        .join("\n"),
      /Deploys go through staging/,
    );
  },
);
