/**
 * The import graph of src/, read with the TypeScript compiler's parser (a devDependency already; no type
 * checking, so ~250 files parse in well under a second). One edge per `import … from`, `export … from`,
 * `import "…"`, dynamic `import("…")`, `require("…")` and `typeof import("…")` in a type.
 *
 * `kind` says what the edge costs at run time:
 *  - "static":  loaded when the importing module is evaluated (this is what makes a cycle a load-order hazard);
 *  - "dynamic": `import("…")` / `require("…")`, loaded on first use;
 *  - "type":    `import type` / `export type`, every specifier `type`-marked, or `typeof import("…")` —
 *               erased by the compiler, a compile-time dependency only.
 * Note: with `verbatimModuleSyntax`, `import { type A } from "x"` compiles to `import {} from "x"`, which still
 * loads "x" — so an import is "type" only when the whole clause is type-only (`import type …`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import type * as TS from "typescript";

/**
 * The compiler, required (CommonJS): an ESM `import` of its 9 MB file costs ~1 s more, Node scanning it for
 * named exports.
 */
export const ts: typeof TS = createRequire(import.meta.url)("typescript");

export type EdgeKind = "static" | "dynamic" | "type";

export interface Edge {
  /** Importing file, relative to the repository root, e.g. "src/cli/main.ts". */
  from: string;
  /** The specifier as written. */
  spec: string;
  /** The resolved file under src/ (relative to the root), or null for a package / node builtin. */
  to: string | null;
  kind: EdgeKind;
  line: number;
}

/** A call or property access worth a rule (process.env, Date.now, …), with where it is. */
export interface Use {
  file: string;
  what: string;
  line: number;
}

export interface SourceFileInfo {
  file: string;
  text: string;
  sf: TS.SourceFile;
}

export interface Graph {
  files: SourceFileInfo[];
  edges: Edge[];
}

export function sourceFiles(root: string, dir = "src"): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => relative(root, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

function resolveSpec(root: string, from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const abs = resolve(root, dirname(from), spec);
  const base = abs.replace(/\.(js|jsx)$/, "");
  for (const candidate of [abs, `${base}.ts`, `${base}.tsx`, join(abs, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate))
      return relative(root, candidate).split("\\").join("/");
  }
  // Unresolvable relative import: keep the edge (the compiler will complain anyway), pointing at the path.
  return relative(root, abs).split("\\").join("/");
}

function clauseIsTypeOnly(clause: TS.ImportClause | undefined): boolean {
  if (!clause) return false; // `import "x"`: a side-effect import
  return clause.isTypeOnly;
}

function exportIsTypeOnly(node: TS.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  // `export { type A, type B } from "x"` is erased entirely (nothing left to re-export).
  return (
    !!clause &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

export function parse(root: string, file: string): SourceFileInfo {
  const text = readFileSync(join(root, file), "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  return { file, text, sf };
}

export function edgesOf(root: string, info: SourceFileInfo): Edge[] {
  const { file, sf } = info;
  const edges: Edge[] = [];
  const add = (specNode: TS.Node, kind: EdgeKind) => {
    if (!ts.isStringLiteralLike(specNode)) return;
    const spec = specNode.text;
    const line = sf.getLineAndCharacterOfPosition(specNode.getStart(sf)).line + 1;
    edges.push({ from: file, spec, to: resolveSpec(root, file, spec), kind, line });
  };
  const visit = (node: TS.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, clauseIsTypeOnly(node.importClause) ? "type" : "static");
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, exportIsTypeOnly(node) ? "type" : "static");
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly ? "type" : "static");
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === "require";
      // createRequire(import.meta.url)("x")
      const isCreatedRequire =
        ts.isCallExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === "createRequire";
      if ((isImport || isRequire || isCreatedRequire) && node.arguments[0]) add(node.arguments[0], "dynamic");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, "type");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

/** Calls and accesses that rules care about: process.env, Date.now(), new Date(), Math.random(), … */
export function usesOf(info: SourceFileInfo): Use[] {
  const { file, sf } = info;
  const uses: Use[] = [];
  const at = (n: TS.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (node: TS.Node): void => {
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const name = ts.isPropertyAccessExpression(node)
        ? node.name.text
        : ts.isStringLiteralLike(node.argumentExpression)
          ? node.argumentExpression.text
          : "";
      const owner = node.expression.getText(sf).replace(/^globalThis\./, "");
      if (owner === "process" && name === "env") uses.push({ file, what: "process.env", line: at(node) });
      if (owner === "Date" && name === "now") uses.push({ file, what: "Date.now", line: at(node) });
      if (owner === "Math" && name === "random") uses.push({ file, what: "Math.random", line: at(node) });
      if (owner === "performance" && name === "now")
        uses.push({ file, what: "performance.now", line: at(node) });
      if (owner === "crypto" && (name === "randomUUID" || name === "getRandomValues"))
        uses.push({ file, what: `crypto.${name}`, line: at(node) });
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer?.getText(sf).replace(/^globalThis\./, "") === "process" &&
      node.name.elements.some((e) => (e.propertyName ?? e.name).getText(sf) === "env")
    ) {
      uses.push({ file, what: "process.env", line: at(node) }); // const { env } = process
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "Date"
    ) {
      if (!node.arguments || node.arguments.length === 0)
        uses.push({ file, what: "new Date()", line: at(node) });
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "Date"
    ) {
      uses.push({ file, what: "Date()", line: at(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}

export function buildGraph(root: string, files = sourceFiles(root)): Graph {
  const infos = files.map((f) => parse(root, f));
  return { files: infos, edges: infos.flatMap((i) => edgesOf(root, i)) };
}

/** Strongly connected components with more than one file (or a self-import): Tarjan, iterative-free small N. */
export function cycles(nodes: string[], edges: Array<{ from: string; to: string }>): string[][] {
  const next = new Map<string, string[]>();
  for (const n of nodes) next.set(n, []);
  for (const e of edges) next.get(e.from)?.push(e.to);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      const selfLoop = (next.get(v) ?? []).includes(v);
      if (scc.length > 1 || selfLoop) out.push(scc.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) strong(n);
  return out.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

// ── habits: how files are written and read ──

/** `.split("\n")`, `.split('\n')`, `.split(/\n/)`, `.split(/\r?\n/)` in source text. */
const SPLIT_NL = /\.split\(\s*(?:"\\n"|'\\n'|\/\\n\/|\/\\r\?\\n\/)\s*\)/;
const ITERATORS = new Set([
  "map",
  "forEach",
  "flatMap",
  "filter",
  "reduce",
  "some",
  "every",
  "find",
  "findLast",
]);
/** A string that is a path with a `.brain` segment (no spaces: prose in help text is not a path). */
const BRAIN_SEGMENT = /(?:^|\/)\.brain(?:\/|$)/;

/**
 * What the habits test looks for: appendFile (any spelling: fs.appendFileSync, an imported appendFile …),
 * JSON.parse (or core's parseJson) inside a loop over lines split on "\n" (a hand-rolled log reader), and
 * `.brain` path literals.
 * The JSON.parse check sees a loop in the same file whose header splits on "\n" or names a variable that does
 * (`const lines = text.split("\n")`); a parse in a helper called from such a loop is not seen.
 */
export function habitsOf(info: SourceFileInfo): Use[] {
  const { file, sf } = info;
  const uses: Use[] = [];
  const at = (n: TS.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const splitVars = new Set<string>();
  const collect = (node: TS.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      if (SPLIT_NL.test(node.initializer.getText(sf))) splitVars.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const overLines = (header: string) =>
    SPLIT_NL.test(header) || [...splitVars].some((v) => new RegExp(`\\b${v}\\b`).test(header));
  const loopHeader = (node: TS.Node, child: TS.Node): string | undefined => {
    if (ts.isForOfStatement(node) || ts.isForInStatement(node)) return node.expression.getText(sf);
    if (ts.isForStatement(node))
      return `${node.initializer?.getText(sf) ?? ""};${node.condition?.getText(sf) ?? ""}`;
    if (ts.isWhileStatement(node) || ts.isDoStatement(node)) return node.expression.getText(sf);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ITERATORS.has(node.expression.name.text) &&
      node.arguments.includes(child as TS.Expression)
    )
      return node.expression.expression.getText(sf);
    return undefined;
  };
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node) && /^appendFile(Sync)?$/.test(node.text)) {
      // One use per spelling site: the property name or the imported/called identifier.
      uses.push({ file, what: node.text, line: at(node) });
    } else if (
      ts.isCallExpression(node) &&
      ["JSON.parse", "parseJson"].includes(node.expression.getText(sf))
    ) {
      let child: TS.Node = node;
      for (let p = node.parent; p; child = p, p = p.parent) {
        const header = loopHeader(p, child);
        if (header !== undefined && overLines(header)) {
          uses.push({ file, what: "JSON.parse per line", line: at(node) });
          break;
        }
      }
    } else if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = node.text;
      if (BRAIN_SEGMENT.test(text) && !/\s/.test(text))
        uses.push({ file, what: `".brain" path`, line: at(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}
