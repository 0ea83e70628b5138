/** The import-graph reader itself: each import form, its kind and line; cycles; the uses the rules look for. */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { buildGraph, cycles, type Edge, parse, usesOf } from "./import-graph.ts";

test("the graph reader: each import form, its kind and its line; cycles; process.env, clock and randomness", () => {
  const root = mkdtempSync(join(tmpdir(), "brain-graph-"));
  try {
    mkdirSync(join(root, "src", "a"), { recursive: true });
    const files: Record<string, string> = {
      "src/a/x.ts": [
        'import { y } from "./y.ts";',
        'import type { Z } from "../z.ts";',
        'import { type W } from "./w.ts";', // verbatimModuleSyntax keeps `import {} from`: a load
        'export { v } from "./v.ts";',
        'export type { U } from "./u.ts";',
        'const m = await import("node:fs");',
        'type T = typeof import("./t.ts");',
        'import "./side.ts";',
      ].join("\n"),
      "src/a/y.ts": 'import { x } from "./x.ts";',
    };
    for (const [f, text] of Object.entries(files)) writeFileSync(join(root, f), text);
    const g = buildGraph(root);
    const x = g.edges
      .filter((e) => e.from === "src/a/x.ts")
      .map((e) => `${e.line} ${e.kind} ${e.to ?? e.spec}`);
    assert.deepEqual(x, [
      "1 static src/a/y.ts",
      "2 type src/z.ts",
      "3 static src/a/w.ts",
      "4 static src/a/v.ts",
      "5 type src/a/u.ts",
      "6 dynamic node:fs",
      "7 type src/a/t.ts",
      "8 static src/a/side.ts",
    ]);
    const inner = g.edges.filter((e): e is Edge & { to: string } => e.to !== null);
    assert.deepEqual(cycles(["src/a/x.ts", "src/a/y.ts"], inner), [["src/a/x.ts", "src/a/y.ts"]]);
    writeFileSync(
      join(root, "src", "u.ts"),
      [
        "process.env.HOME;",
        'process.env["HOME"];',
        "const { env } = process;",
        "globalThis.process.env;",
        "Date.now(); new Date(); new Date(0); Math.random();",
        "// process.env in a comment is not a read",
      ].join("\n"),
    );
    const uses = usesOf(parse(root, "src/u.ts")).map((u) => `${u.line} ${u.what}`);
    assert.deepEqual(uses, [
      "1 process.env",
      "2 process.env",
      "3 process.env",
      "4 process.env",
      "5 Date.now",
      "5 new Date()",
      "5 Math.random",
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
