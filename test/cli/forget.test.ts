/**
 * Forgetting conversations (issue 13): `list type=episode` shows what was ingested, `brain forget` removes one
 * turn, a session, a project's turns or everything before a date, and a forgotten turn is gone from search,
 * context, `get` and a re-import, in a fresh process reading the saved index. Built CLI, real files.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, json, readLines, type Sandbox, show } from "../support/cli.ts";

const TURNS = [
  {
    session: "s1",
    turn: "1",
    date: "2023-03-01T10:00:00Z",
    speaker: "Ana",
    text: "the staging server listens on port 8443",
  },
  {
    session: "s1",
    turn: "2",
    date: "2023-03-01T10:01:00Z",
    speaker: "Bo",
    text: "noted, the flamingo dashboard too",
  },
  {
    session: "s2",
    turn: "1",
    date: "2024-06-01T09:00:00Z",
    speaker: "Ana",
    text: "we deploy with a blue green strategy",
  },
  {
    session: "s2",
    turn: "2",
    date: "2024-06-01T09:02:00Z",
    speaker: "Bo",
    text: "rollbacks take two minutes",
  },
];

interface Episode {
  id: string;
  session: string;
  turn: string;
  text: string;
}

async function ingested(sb: Sandbox): Promise<{ file: string; episodes: Episode[] }> {
  const file = join(sb.dir, "talk.jsonl");
  fs.writeFileSync(file, `${TURNS.map((t) => JSON.stringify(t)).join("\n")}\n`);
  await brainOk(sb, ["ingest", file, "--format", "generic"]);
  const list = json<{ data: { total: number; episodes: Episode[] } }>(
    await brainOk(sb, ["--json", "list", "type=episode"]),
  );
  assert.equal(list.data.total, 4);
  return { file, episodes: list.data.episodes };
}

const episodesFile = (sb: Sandbox) => join(dirname(sb.brainPath), "episodes.jsonl");

test("list type=episode shows ingested turns with session, turn and date, filtered and paged", async (t) => {
  const sb = freshSandbox(t);
  const { episodes } = await ingested(sb);
  const s1 = episodes[0]?.session as string;
  const text = (await brainOk(sb, ["list", "type=episode", `session=${s1}`])).stdout;
  assert.match(
    text,
    /^Episodes \(2\):\n- e[0-9a-f]{15} \[2023-03-01\] session .*s1, turn .*1, Ana: the staging server/,
  );
  const before = json<{ data: { total: number } }>(
    await brainOk(sb, ["--json", "list", "type=episode", "before=2024-01-01"]),
  );
  assert.equal(before.data.total, 2);
  const paged = (await brainOk(sb, ["list", "type=episode", "limit=1", "offset=1"])).stdout;
  assert.match(paged, /showing 2–2 of 4; use offset=2/);
  const typo = await brain(sb, ["list", "type=episode", "sesion=x"]);
  assert.equal(typo.code, 2, show(typo));
  assert.match(typo.stderr, /unknown parameter sesion/);
});

test("forget one turn: gone from search, context, get and a re-import, in fresh processes", async (t) => {
  const sb = freshSandbox(t);
  const { file, episodes } = await ingested(sb);
  const target = episodes.find((e) => e.text.includes("8443")) as Episode;
  assert.match((await brainOk(sb, ["search", "staging", "port"])).stdout, /8443/);
  const bytes = fs.readFileSync(episodesFile(sb));
  const dry = await brainOk(sb, ["forget", "--turn", target.id, "--dry-run"]);
  assert.match(dry.stdout, new RegExp(`^Would forget 1 episode:\\n- ${target.id} .*8443`));
  assert.deepEqual(fs.readFileSync(episodesFile(sb)), bytes, "a dry run wrote something");

  const r = json<{ forgotten: number; ids: string[] }>(
    await brainOk(sb, ["--json", "forget", "--turn", target.id]),
  );
  assert.deepEqual([r.forgotten, r.ids], [1, [target.id]]);
  const last = readLines(episodesFile(sb)).at(-1);
  assert.deepEqual([last?.type, last?.target_id, last?.target_type], ["tombstone", target.id, "episode"]);
  assert.doesNotMatch((await brainOk(sb, ["search", "staging", "port"])).stdout, /8443/);
  const ctx = await brainOk(sb, ["context", "--query", "which port does the staging server listen on"]);
  assert.doesNotMatch(ctx.stdout, /8443/);
  assert.equal((await brain(sb, ["get", target.id])).code, 3);
  // Not even through its neighbour, whose index entry carried the forgotten text as context.
  const leak = json<{ data: { total: number } }>(await brainOk(sb, ["--json", "search", "8443"]));
  assert.equal(leak.data.total, 0, JSON.stringify(leak));
  // Its neighbour is still there and still found.
  assert.match((await brainOk(sb, ["search", "flamingo"])).stdout, /flamingo/);
  const again = json<{ added: number }>(await brainOk(sb, ["--json", "ingest", file, "--format", "generic"]));
  assert.equal(again.added, 0, "a re-import brought a forgotten turn back");
  assert.doesNotMatch((await brainOk(sb, ["list", "type=episode"])).stdout, /8443/);
});

test("forget a session, everything before a date, a project's turns; no filter is refused", async (t) => {
  const sb = freshSandbox(t);
  const { episodes } = await ingested(sb);
  const s2 = episodes[2]?.session as string;
  const old = await brainOk(sb, ["forget", "--before", "2024-01-01"]);
  assert.match(old.stdout, /^Forgot 2 episodes:\n.*8443.*\n.*flamingo/);
  const session = json<{ forgotten: number }>(await brainOk(sb, ["--json", "forget", "--session", s2]));
  assert.equal(session.forgotten, 2);
  assert.equal(
    json<{ data: { total: number } }>(await brainOk(sb, ["--json", "list", "type=episode"])).data.total,
    0,
  );
  assert.match((await brainOk(sb, ["forget", "--session", s2])).stdout, /No episode matches/);

  // Turns the learner stored with their project (written as the learner writes them).
  const app = join(sb.dir, "app");
  const lines = ["x", "y"].map((w, i) =>
    JSON.stringify({
      id: `e00000000000000${i}`,
      type: "episode",
      created: "2026-01-01T00:00:00Z",
      session: `p${w}`,
      turn: "1",
      speaker: "user",
      text: `project words ${w}`,
      date: "2026-01-01T00:00:00Z",
      source: "claude:x.jsonl",
      project: i === 0 ? app : join(sb.dir, "other"),
    }),
  );
  fs.appendFileSync(episodesFile(sb), `${lines.join("\n")}\n`);
  const proj = json<{ ids: string[] }>(
    await brainOk(sb, ["--json", "forget", "--project", "app"], { cwd: sb.dir }),
  );
  assert.deepEqual(proj.ids, ["e000000000000000"]);

  for (const args of [["forget"], ["forget", "--before", "last tuesday"]]) {
    const bad = await brain(sb, args);
    assert.equal(bad.code, 2, show(bad));
    assert.equal(bad.stderr.split("\n").length, 2, bad.stderr);
  }
});
