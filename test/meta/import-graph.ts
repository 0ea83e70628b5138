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
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

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
  sf: ts.SourceFile;
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

function clauseIsTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import "x"`: a side-effect import
  return clause.isTypeOnly;
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
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
  const add = (specNode: ts.Node, kind: EdgeKind) => {
    if (!ts.isStringLiteralLike(specNode)) return;
    const spec = specNode.text;
    const line = sf.getLineAndCharacterOfPosition(specNode.getStart(sf)).line + 1;
    edges.push({ from: file, spec, to: resolveSpec(root, file, spec), kind, line });
  };
  const visit = (node: ts.Node): void => {
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
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const name = ts.isPropertyAccessExpression(node)
        ? node.name.text
        : ts.isStringLiteralLike(node.argumentExpression)
          ? node.argumentExpression.text
          : "";
      const owner = node.expression.getText(sf);
      if (owner === "process" && name === "env") uses.push({ file, what: "process.env", line: at(node) });
      if (owner === "Date" && name === "now") uses.push({ file, what: "Date.now", line: at(node) });
      if (owner === "Math" && name === "random") uses.push({ file, what: "Math.random", line: at(node) });
      if (owner === "performance" && name === "now")
        uses.push({ file, what: "performance.now", line: at(node) });
      if (owner === "crypto" && (name === "randomUUID" || name === "getRandomValues"))
        uses.push({ file, what: `crypto.${name}`, line: at(node) });
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
