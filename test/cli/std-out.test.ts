/**
 * The CLI prints through file descriptors 1 and 2 (src/hooks/std-out.ts), not Node's stdout stream, whose
 * creation on a pipe loads net and streams (49 M instructions of a `brain add` that cost 391 M). What it prints
 * must still arrive whole and in order however the pipe is set up: here a non-blocking pipe (as a parent not
 * built on libuv may give) and 2 MB of output, far more than a pipe holds, so writes meet a full pipe. The built CLI in child processes, on real files.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, type Sandbox, show } from "../support/cli.ts";

const ENTRIES = 500;

function bigBrain(sb: Sandbox): void {
  const lines = Array.from({ length: ENTRIES }, (_, i) =>
    JSON.stringify({
      id: `q${String(i).padStart(7, "0")}`,
      type: "learning",
      text: `learning ${i} ${"word ".repeat(800)}end ${i}`,
      created: "2026-01-01T00:00:00.000Z",
    }),
  );
  fs.appendFileSync(sb.brainPath, `${lines.join("\n")}\n`);
}

/**
 * Makes the CLI's stdout non-blocking before it runs, as a parent that is not built on libuv may hand it over
 * (libuv parents make a child's stdio blocking), and counts the writes that met a full pipe (EAGAIN).
 */
const NONBLOCKING = `
const fs = require("node:fs");
new (require("node:net").Socket)({ fd: 1, readable: false, writable: true });
let full = 0;
const writeSync = fs.writeSync;
fs.writeSync = function (...args) {
  try { return writeSync.apply(this, args); }
  catch (e) { if (e.code === "EAGAIN") full++; throw e; }
};
process.on("exit", () => writeSync(2, "full pipe " + full + "\\n"));
`;

test("2 MB of output through a non-blocking pipe arrives whole and in order", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  bigBrain(sb);
  const preload = join(sb.dir, "nonblocking.cjs");
  fs.writeFileSync(preload, NONBLOCKING);
  for (const args of [
    ["--json", "list", `limit=${ENTRIES * 2}`],
    ["list", `limit=${ENTRIES * 2}`, "verbose=true"],
  ]) {
    const r = await brain(sb, args, { env: { NODE_OPTIONS: `--require ${preload}` } });
    assert.equal(r.code, 0, show(r));
    const full = Number(/full pipe (\d+)\n$/.exec(r.stderr)?.[1]);
    assert.ok(full > 0, `the pipe was never full (${full}): the case was not exercised\n${r.stderr}`);
    assert.ok(r.stdout.length > 2_000_000, `only ${r.stdout.length} bytes`);
    const order = [...r.stdout.matchAll(/end (\d+)/g)].map((m) => Number(m[1]));
    assert.equal(new Set(order.filter((n) => n < ENTRIES)).size, ENTRIES, "every entry printed once");
    if (args[0] === "--json") {
      const parsed = JSON.parse(r.stdout) as { data: { shown: number } };
      assert.ok(parsed.data.shown >= ENTRIES, `${parsed.data.shown} shown`);
    }
    const plain = await brain(sb, args);
    assert.equal(r.stdout, plain.stdout, "the same bytes as through a blocking pipe");
  }
});

const PRELOAD = `process.on("exit", () => require("node:fs").writeFileSync(process.env.LOADS_OUT, JSON.stringify(process.moduleLoadList)));\n`;

test("brain add, list and get print through a pipe without loading net, streams or node:crypto", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init"]);
  const preload = join(sb.dir, "loads.cjs");
  fs.writeFileSync(preload, PRELOAD);
  const out = join(sb.dir, "loads.json");
  const env = { NODE_OPTIONS: `--require ${preload}`, LOADS_OUT: out };
  const added = await brainOk(sb, ["add", "type=learning", "text=the kettle is descaled on Mondays"], { env });
  assert.match(added.stdout, /^Added learning: the kettle is descaled on Mondays\n$/);
  const id = (
    JSON.parse((await brainOk(sb, ["--json", "list", "type=learning"])).stdout) as {
      data: { groups: { entries: { id: string }[] }[] };
    }
  ).data.groups[0]?.entries[0]?.id as string;
  const runs: [string, string[]][] = [
    ["add", ["add", "type=learning", "text=the boiler is serviced in March"]],
    ["list", ["list"]],
    ["get", ["get", id]],
  ];
  for (const [name, args] of runs) {
    const r = await brainOk(sb, args, { env });
    assert.ok(r.stdout.length > 0, `${name} printed nothing`);
    const loads = JSON.parse(fs.readFileSync(out, "utf8")) as string[];
    assert.ok(loads.length > 20, "the preload saw the process's modules");
    assert.deepEqual(
      loads.filter((m) => /^NativeModule (net|tty|stream|crypto)$/.test(m)),
      [],
      `${name} loaded a stream or node:crypto`,
    );
  }
});
