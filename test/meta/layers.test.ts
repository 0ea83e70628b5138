/**
 * The architecture is a test, not a wish (DESIGN.md, "Layers"): the rules below are checked against the
 * import graph of src/ (test/meta/import-graph.ts reads it, test/meta/layer-rules.ts says what breaks a rule).
 *
 *  - every file under src/ belongs to a layer of LAYERS (a new folder must be placed in the table);
 *  - an import points down: to its own layer or one the table lets it use (a type-only import may also reach
 *    the layers in `types`, the only upward arrows there are — an interface handed down, never loaded);
 *  - no import cycles: runtime (static and dynamic imports) nor type-only;
 *  - surfaces (cli, mcp, serve, hosts) never import a store, not even its types: they call the engine;
 *  - core/ is pure: no node: builtins, no clock, no randomness (passed in);
 *  - process.env is read only in the configuration modules (CONFIG_MODULES);
 *  - src/index.ts is the public API: named re-exports only, imported by nothing in src/, the package's only
 *    entry point.
 *
 * Violations that exist today in code being reworked are listed, each with its reason, in
 * KNOWN_UNTIL_REDESIGN: the test passes with them, fails on any new one, and fails on an entry that no longer
 * matches anything (so the list only shrinks).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ROOT } from "../support/spawn.ts";
import { buildGraph, type Graph } from "./import-graph.ts";
import {
  allViolations,
  type Layer,
  RULES,
  type Rule,
  report,
  type Table,
  type Violation,
} from "./layer-rules.ts";

/** The layer table, bottom to top (DESIGN.md "Layers": the target layout; today's folders placed in it). */
// biome-ignore format: a table reads best as one
export const LAYERS: Layer[] = [
  { name: "core",        paths: ["core/"],         uses: [],
    note: "pure: entry tables, ids, fold, score, budget; no node:, no clock, no randomness" },
  { name: "package",     paths: ["package-root.ts"], uses: [],
    note: "where the installed package's own files are (templates, skills, version)" },
  { name: "store",       paths: ["store/"],        uses: ["core"], types: ["config"],
    note: "EventStore + jsonl/postgres/memory, derived-file helper, home.ts (types: the team store's settings)" },
  { name: "guards",      paths: ["guards/"],       uses: ["core"], types: ["config"],
    note: "size and secret guards the write gate runs (types: their settings)" },
  { name: "brainfiles",  paths: ["brainfiles/"],   uses: ["core", "store", "package"],
    note: "brain files (SOUL/USER/AGENTS…): read, write, templates, activation" },
  { name: "project",     paths: ["project/"],      uses: ["core", "store", "brainfiles"], types: ["engine"],
    note: "project directives and rules, recent paths, the repository root" },
  { name: "graph",       paths: ["graph/"],        uses: ["core", "store"],
    note: "association graph projection: nodes, edges, weights, decay, hubs" },
  { name: "recall",      paths: ["recall/"],       uses: ["core", "store", "guards", "graph"],
    note: "the search index, ranking, previews, ingest parsers" },
  { name: "mind",        paths: ["mind/"],         uses: ["core", "store", "graph", "recall"],
    note: "the agent's own state: logs + decision context" },
  { name: "config",      paths: ["config.ts", "config-serve.ts", "config-hooks.ts", "config-store.ts", "config-improve.ts", "config-settings.ts"], uses: ["core", "store", "project", "graph", "recall"],
    note: "loadConfig: settings file + environment, read once at the entry point" },
  { name: "context",     paths: ["context/"],      uses: ["core", "brainfiles", "project", "graph", "recall", "mind"],
    note: "build.ts + sources/*: (state, request) → sections; a read, writes nothing" },
  { name: "learn",       paths: ["learn/"],
    uses: ["core", "store", "guards", "package", "brainfiles", "project", "graph", "recall", "mind", "config", "context"],
    types: ["engine"], note: "the learning loop (types: the Brain it is handed)" },
  { name: "improve",     paths: ["improve/"],
    uses: ["core", "store", "guards", "brainfiles", "project", "graph", "recall", "mind", "config", "context", "learn"],
    types: ["engine"], note: "feedback ledger analysis, proposals, dedup scan, failure lookup" },
  { name: "deep",        paths: ["deep/"],         uses: ["core", "store", "guards", "graph", "recall", "mind", "config", "learn", "improve"],
    types: ["engine"], note: "training export + trainer contract" },
  { name: "engine",      paths: ["engine/"],
    uses: ["core", "package", "store", "guards", "brainfiles", "project", "graph", "recall", "mind", "config",
           "context", "learn", "improve", "deep"],
    note: "composition root (Brain), registered logs and projections, the one write gate, one lifetime" },
  { name: "portable",    paths: ["portable/"],     uses: ["core", "store", "recall", "config", "engine"],
    note: "a brain's entries leaving or entering it: export, import, team sync" },
  { name: "serve-client", paths: ["serve/client.ts", "serve/own-socket.ts", "serve/state-file.ts", "serve/spawn.ts",
           "serve/ask.ts", "serve/spool.ts", "serve/spool-client.ts"],
    uses: ["core", "store", "learn"],
    note: "how a client finds the resident server and talks to it over its own socket or spool (hooks, CLI, pi)" },
  // Above the engine nothing imports a store: it asks the engine. (hooks excepted: see its note.)
  { name: "tools",       paths: ["tools/"],
    uses: ["core", "config", "brainfiles", "project", "graph", "recall", "mind", "context", "learn", "improve", "engine"],
    note: "the agent-facing tool layer shared by MCP, pi and the HTTP API" },
  { name: "hooks",       paths: ["hooks/"],
    uses: ["core", "package", "store", "guards", "config", "project", "recall", "context", "learn", "improve", "engine",
           "serve-client", "tools"],
    note: "one event table, the fast paths, the learner kick; may append to a log without loading the engine" },
  // Surfaces: they call the engine, never a store.
  { name: "mcp",         paths: ["mcp/"],
    uses: ["core", "package", "config", "brainfiles", "project", "recall", "context", "learn", "engine", "tools", "hooks"],
    note: "surface: the MCP server" },
  { name: "hosts",       paths: ["hosts/"],
    uses: ["core", "package", "config", "brainfiles", "project", "recall", "context", "learn", "engine", "tools", "hooks"],
    note: "surface: install + glue per agent host" },
  { name: "serve",       paths: ["serve/"],
    uses: ["core", "package", "config", "brainfiles", "project", "recall", "mind", "graph", "context", "learn",
           "improve", "engine", "portable", "serve-client", "tools", "hooks", "hosts"],
    note: "surface: HTTP API, the viewer's files, the resident process" },
  { name: "cli",         paths: ["cli/"],
    uses: ["core", "package", "config", "brainfiles", "project", "recall", "mind", "graph", "context", "learn",
           "improve", "deep", "engine", "portable", "serve-client", "tools", "hooks", "mcp", "hosts", "serve"],
    note: "surface: the command line (dispatches to every other surface)" },
  { name: "viewer",      paths: ["viewer/"],       uses: [],
    note: "a browser app: talks to serve over HTTP, imports nothing of the server's" },
  { name: "index",       paths: ["index.ts"],
    uses: ["core", "store", "config", "context", "recall", "learn", "engine", "portable", "tools"],
    note: "the public API: named re-exports only" },
];

const SURFACES = ["cli", "mcp", "serve", "hosts"];
/** The only modules that read process.env: the configuration loaded once at an entry point. */
const CONFIG_MODULES = [
  "src/config.ts",
  "src/cli/cli-config.ts",
  "src/hooks/hook-config.ts",
  // Where the bin keeps V8's code cache: read by the installed bin before anything else loads.
  "src/cli/code-cache-config.ts",
];

interface Known {
  rule: Rule;
  file: string;
  target: string;
  reason: string;
}

/**
 * Known violations, each with its reason (issue 22 emptied it: the learner's logs, the hooks' fast paths and
 * the server's local files all moved behind the store's one log, home and the engine). Never grow it.
 */
const KNOWN_UNTIL_REDESIGN: Known[] = [];

// ── the check ──

const TABLE: Table = { layers: LAYERS, surfaces: SURFACES, configModules: CONFIG_MODULES, root: ROOT };

let graphMemo: Graph | undefined;
const graph = (): Graph => {
  graphMemo ??= buildGraph(ROOT);
  return graphMemo;
};
let violationsMemo: Violation[] | undefined;
/** Every violation in src/, before the allow-list (computed once per run). */
const violations = (): Violation[] => {
  violationsMemo ??= allViolations(TABLE, graph());
  return violationsMemo;
};

const isKnown = (v: Violation) => (k: Known) =>
  k.rule === v.rule && k.file === v.file && k.target === v.target;

function checkRule(rule: Rule): void {
  const fresh = violations().filter((v) => v.rule === rule && !KNOWN_UNTIL_REDESIGN.some(isKnown(v)));
  assert.equal(
    fresh.length,
    0,
    `\n${fresh.length} new violation(s) of "${RULES[rule]}":\n${report(fresh)}\n`,
  );
}

describe("layers (DESIGN.md) against the import graph of src/", () => {
  test("the table is well-formed: unique names, each layer uses only layers below it", () => {
    const seen: string[] = [];
    for (const l of LAYERS) {
      assert.ok(!seen.includes(l.name), `layer ${l.name} twice`);
      for (const u of l.uses)
        assert.ok(seen.includes(u), `${l.name} uses ${u}, which is not below it in LAYERS`);
      for (const t of l.types ?? [])
        assert.ok(
          LAYERS.some((x) => x.name === t),
          `${l.name}: unknown layer ${t}`,
        );
      seen.push(l.name);
    }
    for (const s of SURFACES)
      assert.ok(!LAYERS.find((l) => l.name === s)?.uses.includes("store"), `${s} uses store`);
  });

  test("the graph of src/ has every kind of import (static, dynamic, type-only)", () => {
    const kinds = new Set(graph().edges.map((e) => e.kind));
    assert.deepEqual([...kinds].sort(), ["dynamic", "static", "type"]);
    assert.ok(graph().files.length > 100, "src/ was read");
  });

  for (const rule of Object.keys(RULES) as Rule[]) test(`${rule}: ${RULES[rule]}`, () => checkRule(rule));

  test("KNOWN_UNTIL_REDESIGN has no stale entries (a fixed violation leaves the list)", () => {
    const all = violations();
    const stale = KNOWN_UNTIL_REDESIGN.filter((k) => !all.some((v) => isKnown(v)(k)));
    assert.deepEqual(stale, [], "remove these entries: the violation is gone");
  });
});
