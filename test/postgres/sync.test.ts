/**
 * `brain sync push|pull` through the built CLI: a local JSONL brain and a team store on a real server. Twice
 * adds nothing, --dry-run copies nothing, pulling back what was pushed adds nothing, and the URL's password
 * never appears in any output.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { brain, freshSandbox } from "../support/cli.ts";
import { createDatabaseSync, postgresOrSkip } from "../support/postgres.ts";

interface Summary {
  considered: number;
  added: number;
  present: number;
}

const server = await postgresOrSkip();
const needs = server ? {} : { skip: "no PostgreSQL here" };

test(
  "sync push and pull are idempotent, dry runs copy nothing, the password stays hidden",
  needs,
  async (t) => {
    if (!server) return;
    const plain = createDatabaseSync(server, t);
    const url = plain.replace("postgres@", "postgres:pw-never-shown@");
    const a = freshSandbox(t);
    const b = freshSandbox(t);
    const outputs: string[] = [];
    const run = async (sb: typeof a, args: string[], team = true) => {
      const r = await brain(sb, args, { env: team ? { BRAIN_STORE: url } : {} });
      outputs.push(r.stdout, r.stderr);
      assert.equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
      return args.includes("--json") ? (JSON.parse(r.stdout) as Record<string, unknown>) : r.stdout;
    };
    await run(a, ["add", "type=learning", "text=Release notes live in docs/changes"], false);
    await run(a, ["add", "type=preference", "text=Short commit subjects", "category=Code"], false);

    const dry = (await run(a, ["--json", "sync", "push", "--dry-run"])) as unknown as Summary;
    assert.ok(dry.added >= 2, JSON.stringify(dry));
    const before = (await run(b, ["--json", "sync", "pull", "--dry-run"])) as unknown as Summary;
    assert.equal(before.considered, 0, "a dry push leaves the team store empty");

    const first = (await run(a, ["--json", "sync", "push"])) as unknown as Summary;
    assert.equal(first.added, dry.added);
    const second = (await run(a, ["--json", "sync", "push"])) as unknown as Summary;
    assert.deepEqual([second.added, second.present], [0, first.added], "twice adds nothing");

    const pulled = (await run(b, ["--json", "sync", "pull"])) as unknown as Summary;
    assert.equal(pulled.added, first.added);
    const again = (await run(b, ["--json", "sync", "pull"])) as unknown as Summary;
    assert.equal(again.added, 0, "twice adds nothing");
    const back = (await run(b, ["--json", "sync", "push"])) as unknown as Summary;
    assert.equal(back.present, first.added, "what was pulled is already on the team store");

    const listed = (await run(b, ["list", "type=learning"], false)) as string;
    assert.match(listed, /Release notes live in docs\/changes/);
    const summary = (await run(a, ["sync", "push", "--dry-run"])) as string;
    assert.match(summary, /would add 0 of \d+ entries/);
    for (const o of outputs) assert.doesNotMatch(o, /pw-never-shown/);
  },
);
