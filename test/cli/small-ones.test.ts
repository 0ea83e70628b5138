/**
 * Issue 25's small ones, through the built CLI in a fresh HOME: the short ids a context prints are taken
 * back by `get` and `task_done`, reminders are enabled unless told otherwise, exact duplicate open tasks and
 * reminders are refused naming the existing id.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, type TestContext, test } from "node:test";
import { brain, type CliResult, json, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";
import { fc } from "../support/fc.ts";

const NOW = "2026-02-10T12:00:00.000Z";

function fresh(t: TestContext): Sandbox {
  const sb = sandbox("brain-small-");
  t.after(() => removeSandbox(sb));
  return sb;
}

async function ok(sb: Sandbox, args: string[], code = 0): Promise<CliResult> {
  const r = await brain(sb, args, { env: { BRAIN_NOW: NOW } });
  assert.equal(r.code, code, `brain ${args.join(" ")}\n${show(r)}`);
  return r;
}

async function addId(sb: Sandbox, args: string[]): Promise<string> {
  return json<{ data: { id: string } }>(await ok(sb, ["add", ...args, "--json"])).data.id;
}

describe("short ids as the context prints them", { concurrency: 2 }, () => {
  test("get and task_done take `#abcd` and `abcd` (the printed short id), and update takes `#abcd`", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    const L = await addId(sb, ["type=learning", "text=Deploys go through make ship"]);
    const ctx = await ok(sb, ["context"]);
    const tag = ctx.stdout.match(/Deploys go through make ship (#[0-9a-f]{4,8})\b/)?.[1];
    assert.ok(tag, `the context prints a short id tag for the learning\n${ctx.stdout}`);
    assert.ok(L.startsWith(tag.slice(1)));
    for (const given of [tag, tag.slice(1)]) {
      const g = await ok(sb, ["get", given]);
      assert.match(g.stdout, new RegExp(`^id: ${L}$`, "m"), show(g));
    }
    await ok(sb, ["update", `id=${tag}`, "text=Deploys go through make ship-it"]);
    const T = await addId(sb, ["type=task", "description=Rotate the deploy keys"]);
    const done = await ok(sb, ["task_done", `id=#${T.slice(0, 4)}`]);
    assert.match(done.stdout, /Completed: Rotate the deploy keys/);
    const got = json<{ entry: { status: string } }>(await ok(sb, ["get", T.slice(0, 5), "--json"]));
    assert.equal(got.entry.status, "done");
  });

  test("an ambiguous prefix is an error listing every candidate; one more character names one", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    // Ids that share a prefix of 4..7 characters (seeded): the prefix names all of them, the whole id one.
    const cases = fc.sample(
      fc.record({
        base: fc.stringMatching(/^[0-9a-f]{8}$/),
        shared: fc.integer({ min: 4, max: 7 }),
        n: fc.integer({ min: 2, max: 3 }),
      }),
      { numRuns: 3 },
    );
    const lines: string[] = [];
    const groups = cases.map(({ base, shared, n }, k) => {
      const ids = Array.from({ length: n }, (_, i) => {
        const c = ((Number.parseInt(base[shared] as string, 16) + i) % 16).toString(16);
        return `${base.slice(0, shared)}${c}${base.slice(shared + 1)}`;
      });
      for (const id of ids)
        lines.push(
          JSON.stringify({
            id,
            type: "task",
            description: `case ${k} task ${id}`,
            status: "pending",
            priority: "normal",
            tags: [],
            due: null,
            completedAt: null,
            created: NOW,
          }),
        );
      return { prefix: base.slice(0, shared), ids };
    });
    fs.appendFileSync(sb.brainPath, `${lines.join("\n")}\n`);
    for (const { prefix, ids } of groups) {
      const live = ids.filter((id) => groups.every((g) => g.ids === ids || !g.ids.includes(id)));
      for (const args of [
        ["get", prefix],
        ["task_done", `id=#${prefix}`],
      ]) {
        const r = await brain(sb, args, { env: { BRAIN_NOW: NOW } });
        assert.notEqual(r.code, 0, show(r));
        assert.match(r.stderr, /ambiguous/, show(r));
        for (const id of live) assert.match(r.stderr, new RegExp(id), show(r));
      }
      const g = await ok(sb, ["get", `#${ids[0]}`]);
      assert.match(g.stdout, new RegExp(`^id: ${ids[0]}$`, "m"));
    }
  });
});

describe("reminders and tasks as a user adds them", { concurrency: 2 }, () => {
  test("a reminder without `enabled` is enabled, and `brain help add` lists enabled as optional", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    for (const cadence of ["6h", "08:00", '{"kind":"interval","every":"2d"}']) {
      const id = await addId(sb, ["type=reminder", `text=Water the plants ${cadence}`, `cadence=${cadence}`]);
      const got = json<{ entry: { enabled: unknown } }>(await ok(sb, ["get", id, "--json"]));
      assert.equal(got.entry.enabled, true);
    }
    const off = await addId(sb, ["type=reminder", "text=Dormant one", "cadence=6h", "enabled=false"]);
    assert.equal(
      json<{ entry: { enabled: unknown } }>(await ok(sb, ["get", off, "--json"])).entry.enabled,
      false,
    );
    const help = await ok(sb, ["help", "add"]);
    assert.match(help.stdout, /^ {2}reminder {3}text \+ cadence {2}\(optional: enabled\b/m, help.stdout);
  });

  test("an exact duplicate of an open task or reminder is refused naming the existing id", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    const T = await addId(sb, ["type=task", "description=Write the quarterly report"]);
    for (const text of ["Write the quarterly report", "  write the Quarterly report! "]) {
      const r = await ok(sb, ["add", "type=task", `description=${text}`], 4);
      assert.match(r.stderr, new RegExp(`Duplicate task: already open as ${T}\\b`), show(r));
    }
    const R = await addId(sb, ["type=reminder", "text=Back up the photos", "cadence=1d"]);
    const again = await ok(sb, ["add", "type=reminder", "text=Back up the photos", "cadence=6h"], 4);
    assert.match(again.stderr, new RegExp(`Duplicate reminder: already open as ${R}\\b`), show(again));
    // Not open any more: the same words are a new task / reminder.
    await ok(sb, ["task_done", `id=${T}`]);
    await addId(sb, ["type=task", "description=Write the quarterly report"]);
    await ok(sb, ["update", `id=${R}`, "enabled=false"]);
    await addId(sb, ["type=reminder", "text=Back up the photos", "cadence=1d"]);
  });
});

describe("brain ingest says what it did not do", { concurrency: 2 }, () => {
  const transcript = (dir: string) => {
    const file = `${dir}/chat.jsonl`;
    fs.writeFileSync(
      file,
      [
        { role: "user", content: "How do I deploy the frobnicator to staging?" },
        { role: "assistant", content: "Run make deploy-staging after bumping its version." },
        { role: "user", content: "And to production?" },
      ]
        .map((m) => JSON.stringify(m))
        .join("\n"),
    );
    return file;
  };

  test("re-ingesting after forget says how many turns were previously forgotten (and adds none)", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    const file = transcript(sb.dir);
    await ok(sb, ["ingest", file]);
    await ok(sb, ["forget", "--session", "chat"]);
    const again = await ok(sb, ["ingest", file]);
    assert.match(
      again.stdout,
      /0 new, 0 already known, 3 previously forgotten \(not re-added\)/,
      show(again),
    );
    const j = json<{ added: number; existing: number; forgotten: number }>(
      await ok(sb, ["ingest", file, "--json"]),
    );
    assert.deepEqual([j.added, j.existing, j.forgotten], [0, 0, 3]);
    const s = await ok(sb, ["search", "frobnicator"]);
    assert.equal(s.stdout, "No entries found.\n");
  });

  test("--format that reads no turns from the file is an error naming the format it looks like", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    const file = transcript(sb.dir);
    for (const format of ["claude", "pi", "locomo"]) {
      const r = await ok(sb, ["ingest", "--format", format, file], 2);
      assert.match(r.stderr, new RegExp(`no conversation turns as --format ${format}`), show(r));
      assert.match(r.stderr, /looks like openai: pass --format openai or leave --format out/, show(r));
    }
    const right = await ok(sb, ["ingest", "--format", "openai", file]);
    assert.match(right.stdout, /3 turns in 1 session\(s\), 3 new/);
  });
});

describe("brain search", () => {
  test("one total: every match; group counts add up to it or are not given; --offset never points past what lists", async (t) => {
    const sb = fresh(t);
    await ok(sb, ["init"]);
    // Just above the 1000 hits a search lists: 1100 matching turns and one learning.
    const file = `${sb.dir}/zebras.jsonl`;
    const turns = Array.from({ length: 1100 }, (_, i) =>
      JSON.stringify({ role: i % 2 ? "assistant" : "user", content: `zebra note ${i} about stripes` }),
    );
    fs.writeFileSync(file, `${turns.join("\n")}\n`);
    await ok(sb, ["ingest", file]);
    await ok(sb, ["add", "type=learning", "text=Zebra stripes confuse flies"]);
    const pages = fc.sample(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 1200 })), {
      numRuns: 4,
    });
    for (const [query, limit, offset] of [
      ...pages.map(([l, o]) => ["zebra", l, o] as const),
      ["zebra", 5, 995] as const,
      ["confuse", 3, 0] as const,
    ]) {
      const args = ["search", query, "--limit", String(limit), "--offset", String(offset)];
      const r = await ok(sb, args);
      const j = json<{ data: { total: number; shown: number; groups: { total?: number }[] } }>(
        await ok(sb, [...args, "--json"]),
      );
      const total = j.data.total;
      if (query === "zebra") assert.equal(total, 1101, "every match is counted");
      const counted = [...r.stdout.matchAll(/^\[\w+\] \((\d+)\)$/gm)].map((m) => Number(m[1]));
      const bare = [...r.stdout.matchAll(/^\[\w+\]$/gm)].length;
      assert.ok(counted.length === 0 || bare === 0, `headers all with a count or none\n${r.stdout}`);
      if (counted.length > 0)
        assert.equal(
          counted.reduce((a, b) => a + b, 0),
          total,
          r.stdout,
        );
      const totals = [...r.stdout.matchAll(/ of (\d+)[;)]|\((\d+) in total[;)]/g)].map((m) =>
        Number(m[1] ?? m[2]),
      );
      assert.ok(
        totals.every((n) => n === total),
        `one total\n${r.stdout}`,
      );
      const next = /use --offset (\d+) for more/.exec(r.stdout)?.[1];
      if (next) {
        const more = json<{ data: { shown: number } }>(
          await ok(sb, ["search", query, "--limit", "1", "--offset", next, "--json"]),
        );
        assert.equal(more.data.shown, 1, `--offset ${next} lists more\n${r.stdout}`);
      }
    }
  });
});
