/**
 * Which command lines the bin sends to the resident server (src/cli/served-cli.ts `servedCommand`): the plain
 * forms of add, list, stats, get, search and context — global options first, each command's own options as
 * `--name value` once — and nothing else, so whatever commander alone would parse (help, unknown options,
 * `--opt=value`, a repeated option, a relative --cwd) keeps running in process.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { servedCommand } from "../../src/cli/served-cli.ts";
import { fc } from "../support/fc.ts";

const word = fc.stringMatching(/^[a-z][a-z0-9=._]{0,8}$/);
const globals = fc.record(
  { json: fc.constant(true), brain: fc.constant("/tmp/b/brain.jsonl"), cwd: fc.constant("/tmp/p") },
  { requiredKeys: [] },
);
const globalArgs = (g: Record<string, unknown>) => [
  ...(g.json ? ["--json"] : []),
  ...(g.brain ? ["--brain", g.brain as string] : []),
  ...(g.cwd ? ["--cwd", g.cwd as string] : []),
];

/** A plain form of one of the six: its argv and what servedCommand must make of it. */
const plain = fc.oneof(
  fc.tuple(fc.constantFrom("add", "list"), fc.array(word, { maxLength: 4 })).map(([c, w]) => ({
    args: [c, ...w],
    command: c,
    words: w,
    opts: {},
  })),
  fc.constant({ args: ["stats"], command: "stats", words: [], opts: {} }),
  word.map((id) => ({ args: ["get", id], command: "get", words: [id], opts: {} })),
  fc
    .tuple(
      fc.array(word, { minLength: 1, maxLength: 3 }),
      fc.option(fc.nat(50).map(String), { nil: undefined }),
    )
    .map(([w, limit]) => ({
      args: ["search", ...w, ...(limit ? ["--limit", limit] : [])],
      command: "search",
      words: w,
      opts: limit ? { limit } : {},
    })),
  fc
    .record(
      { query: word, budget: fc.nat(5000).map(String), explain: fc.constant(true) },
      { requiredKeys: [] },
    )
    .map((o) => ({
      args: [
        "context",
        ...(o.query ? ["--query", o.query] : []),
        ...(o.budget ? ["--budget", o.budget] : []),
        ...(o.explain ? ["--explain"] : []),
      ],
      command: "context",
      words: [],
      opts: o as Record<string, unknown>,
    })),
);

test("every plain form of the six commands is sent, with its words and options as given", () => {
  fc.assert(
    fc.property(globals, plain, (g, p) => {
      const got = servedCommand([...globalArgs(g), ...p.args]);
      assert.deepEqual(got, { command: p.command, words: p.words, opts: { ...g, ...p.opts } });
    }),
  );
});

test("a plain form with anything commander alone knows what to do with is not sent", () => {
  const odd = fc.constantFrom(
    "--help",
    "-h",
    "--",
    "--limit=3",
    "--nope",
    "-x",
    "--queries",
    "--brain",
    "--cwd",
    "--dry-run",
  );
  fc.assert(
    fc.property(globals, plain, odd, fc.nat(), (g, p, extra, at) => {
      const args = [...p.args];
      args.splice(1 + (at % args.length), 0, extra); // after the command: its words and options
      assert.equal(servedCommand([...globalArgs(g), ...args]), null, args.join(" "));
    }),
  );
});

test("other commands, repeated options, a relative --cwd and missing values are not sent", () => {
  for (const args of [
    ["forget"],
    ["init"],
    ["remove", "id=x"],
    ["action=add", "type=learning", "text=x"],
    ["help", "add"],
    ["--version"],
    ["--json"],
    ["--cwd", "rel/dir", "stats"],
    ["--cwd", "/a", "--cwd", "/b", "stats"],
    ["search", "x", "--limit", "1", "--limit", "2"],
    ["search", "x", "--limit"],
    ["search", "x", "--limit", "-1"],
    ["search"],
    ["get"],
    ["get", "a", "b"],
    ["stats", "extra"],
    ["context", "extra"],
    ["context", "--queries", "file.txt", "--format", "json"],
  ])
    assert.equal(servedCommand(args), null, args.join(" "));
  // `brain` alone is `brain stats`.
  assert.deepEqual(servedCommand([]), { command: "stats", words: [], opts: {} });
});
