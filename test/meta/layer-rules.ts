/**
 * The layer rules of test/meta/layers.test.ts, as checks of an import graph against a layer table. The table
 * and the allow-list live in the test; this module only says what breaks a rule.
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { cycles, type Edge, type Graph, ts, usesOf } from "./import-graph.ts";

export interface Layer {
  name: string;
  /** Under src/: a folder ("store/") or a file ("config.ts"). */
  paths: string[];
  /** Layers it may import (runtime or types). Each must come EARLIER in the table: the table points down. */
  uses: string[];
  /** Layers above it whose TYPES it may import (an interface it is handed), never their code. */
  types?: string[];
  note: string;
}

export interface Table {
  /** Bottom to top. */
  layers: Layer[];
  /** Layers that never import the store (not even its types). */
  surfaces: string[];
  /** The only files that read process.env. */
  configModules: string[];
  /** The repository root (package.json is read for the public-API rule). */
  root: string;
}

export type Rule =
  | "unmapped"
  | "layer"
  | "surface-store"
  | "core-pure"
  | "env"
  | "cycle"
  | "type-cycle"
  | "public-api";

export const RULES: Record<Rule, string> = {
  unmapped: "every file belongs to a layer of the table",
  layer: "imports point down (the table's `uses`, or `types` for a type-only import)",
  "surface-store": "surfaces call the engine, they never import a store",
  "core-pure": "core/ is pure: no node: builtins, no clock, no randomness",
  env: "process.env is read only in the configuration modules (CONFIG_MODULES)",
  cycle: "no import cycles (static and dynamic imports)",
  "type-cycle": "no import cycles through type-only imports either",
  "public-api": "src/index.ts is the public API: named re-exports, imported by nothing in src/",
};

export interface Violation {
  rule: Rule;
  file: string;
  /** The import (resolved file or package), the use (process.env, Date.now …) or the cycle's members. */
  target: string;
  line?: number;
  /** More to print (a cycle's imports). */
  detail?: string;
}

/** The layer of a file under src/ (the longest matching path wins), or undefined. */
export function layerOf(layers: Layer[], file: string): Layer | undefined {
  const rel = file.replace(/^src\//, "");
  let best: { layer: Layer; len: number } | undefined;
  for (const layer of layers)
    for (const p of layer.paths) {
      const hit = p.endsWith("/") ? rel.startsWith(p) : rel === p;
      if (hit && (!best || p.length > best.len)) best = { layer, len: p.length };
    }
  return best?.layer;
}

const isBuiltin = (spec: string) =>
  spec.startsWith("node:") || builtinModules.includes(spec.split("/")[0] as string);
const CLOCK_AND_RANDOM = new Set([
  "Date.now",
  "new Date()",
  "Date()",
  "Math.random",
  "performance.now",
  "crypto.randomUUID",
  "crypto.getRandomValues",
]);

function edgeViolation(t: Table, e: Edge): Violation | undefined {
  const from = layerOf(t.layers, e.from);
  if (!from) return undefined; // reported as unmapped
  if (!e.to) {
    if (from.name === "core" && isBuiltin(e.spec))
      return { rule: "core-pure", file: e.from, target: e.spec, line: e.line };
    return undefined;
  }
  if (e.to === "src/index.ts") return { rule: "public-api", file: e.from, target: e.to, line: e.line };
  const to = layerOf(t.layers, e.to);
  if (!to || to === from) return undefined;
  if (t.surfaces.includes(from.name) && to.name === "store")
    return { rule: "surface-store", file: e.from, target: e.to, line: e.line };
  const allowed = from.uses.includes(to.name) || (e.kind === "type" && (from.types ?? []).includes(to.name));
  return allowed ? undefined : { rule: "layer", file: e.from, target: e.to, line: e.line };
}

function cycleViolations(g: Graph): Violation[] {
  const nodes = g.files.map((f) => f.file);
  const inner = g.edges.filter((e): e is Edge & { to: string } => e.to?.startsWith("src/") === true);
  const runtime = cycles(
    nodes,
    inner.filter((e) => e.kind !== "type"),
  );
  const key = (c: string[]) => c.join(" ⇄ ");
  const runtimeKeys = new Set(runtime.map(key));
  const withTypes = cycles(nodes, inner).filter((c) => !runtimeKeys.has(key(c)));
  /** The imports inside the cycle, one a line: what to cut. */
  const inside = (c: string[]) =>
    inner
      .filter((e) => c.includes(e.from) && c.includes(e.to))
      .map((e) => `\n        ${e.from}:${e.line} → ${e.to} (${e.kind})`)
      .join("");
  const violation = (rule: "cycle" | "type-cycle") => (c: string[]) => ({
    rule,
    file: c[0] as string,
    target: key(c),
    detail: inside(c),
  });
  return [...runtime.map(violation("cycle")), ...withTypes.map(violation("type-cycle"))];
}

function publicApiViolations(t: Table, g: Graph): Violation[] {
  const out: Violation[] = [];
  const index = g.files.find((f) => f.file === "src/index.ts");
  if (!index) return [{ rule: "public-api", file: "src/index.ts", target: "missing" }];
  for (const st of index.sf.statements) {
    const named =
      ts.isExportDeclaration(st) &&
      st.moduleSpecifier &&
      st.exportClause &&
      ts.isNamedExports(st.exportClause);
    if (!named) {
      const line = index.sf.getLineAndCharacterOfPosition(st.getStart(index.sf)).line + 1;
      const text = st.getText(index.sf).slice(0, 60);
      out.push({ rule: "public-api", file: "src/index.ts", target: `not a named re-export: ${text}`, line });
    }
  }
  const pkg = JSON.parse(readFileSync(join(t.root, "package.json"), "utf8")) as {
    exports?: Record<string, unknown>;
    main?: string;
  };
  const entries = Object.keys(pkg.exports ?? {});
  if (entries.join() !== "." || pkg.main !== "dist/index.js")
    out.push({ rule: "public-api", file: "package.json", target: `exports ${entries} / main ${pkg.main}` });
  return out;
}

/** Every violation of every rule in graph `g`, before any allow-list. */
export function allViolations(t: Table, g: Graph): Violation[] {
  const out: Violation[] = [];
  for (const f of g.files)
    if (!layerOf(t.layers, f.file)) out.push({ rule: "unmapped", file: f.file, target: "(no layer)" });
  for (const e of g.edges) {
    const v = edgeViolation(t, e);
    if (v) out.push(v);
  }
  for (const f of g.files) {
    const inCore = layerOf(t.layers, f.file)?.name === "core";
    for (const u of usesOf(f)) {
      if (u.what === "process.env" && !t.configModules.includes(u.file))
        out.push({ rule: "env", file: u.file, target: u.what, line: u.line });
      if (inCore && CLOCK_AND_RANDOM.has(u.what))
        out.push({ rule: "core-pure", file: u.file, target: u.what, line: u.line });
    }
  }
  out.push(...cycleViolations(g), ...publicApiViolations(t, g));
  return out;
}

/** Violations, one a line, with the rule each breaks. */
export function report(vs: Violation[]): string {
  return vs
    .map((v) =>
      v.detail
        ? `  ${v.target}${v.detail}\n      [${v.rule}] ${RULES[v.rule]}`
        : `  ${v.file}${v.line ? `:${v.line}` : ""} → ${v.target}\n      [${v.rule}] ${RULES[v.rule]}`,
    )
    .join("\n");
}
