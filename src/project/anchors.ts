import * as fs from "node:fs";
import { isAbsolute, join, normalize, relative } from "node:path";
import { isInside } from "../core/inside.ts";

/**
 * What a memory names in the code (issue 23): "file:<path>" (a file or directory of the project),
 * "symbol:<name>@<path>" (a name in that file), "script:<name>" (a package.json script), "make:<target>" (a
 * Makefile target), "package:<name>" (a dependency in a manifest). Recorded when the memory is learned
 * (src/learn/anchors.ts) and re-checked before it is shown: an anchor that is gone makes the memory
 * "possibly stale". Cheap and bounded: existence checks, one read of each manifest per check, a symbol looked
 * for in at most the first MAX_FILE_BYTES of its file, at most `budget` anchors per checker.
 */
export const MAX_FILE_BYTES = 512 * 1024;
const MAX_MANIFEST_BYTES = 256 * 1024;

export type AnchorKind = "file" | "symbol" | "script" | "make" | "package";

export function parseAnchor(a: string): { kind: AnchorKind; name: string; path?: string } | undefined {
  const m = /^(file|symbol|script|make|package):(.+)$/u.exec(a);
  if (!m) return undefined;
  const kind = m[1] as AnchorKind;
  if (kind !== "symbol") return { kind, name: m[2] as string };
  const at = (m[2] as string).lastIndexOf("@");
  return at > 0
    ? { kind, name: (m[2] as string).slice(0, at), path: (m[2] as string).slice(at + 1) }
    : undefined;
}

function readSmall(path: string, max: number): string | undefined {
  try {
    const fd = fs.openSync(path, "r");
    try {
      const buf = Buffer.alloc(Math.min(max, fs.fstatSync(fd).size));
      fs.readSync(fd, buf, 0, buf.length, 0);
      return buf.toString("utf8");
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** The project's manifests, read once: package.json scripts and dependencies, Makefile targets, Python and Go deps. */
export class Manifests {
  private cache = new Map<string, unknown>();
  constructor(readonly root: string) {}

  private once<T>(key: string, make: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key) as T;
  }

  private pkg(): { scripts: Set<string>; deps: Set<string> } {
    return this.once("pkg", () => {
      const out = { scripts: new Set<string>(), deps: new Set<string>() };
      const text = readSmall(join(this.root, "package.json"), MAX_MANIFEST_BYTES);
      if (!text) return out;
      try {
        const j = JSON.parse(text) as Record<string, unknown>;
        for (const k of Object.keys((j.scripts as object) ?? {})) out.scripts.add(k);
        for (const f of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"])
          for (const k of Object.keys((j[f] as object) ?? {})) out.deps.add(k.toLowerCase());
      } catch {
        /* not JSON: no scripts, no deps */
      }
      return out;
    });
  }

  scripts(): Set<string> {
    return this.pkg().scripts;
  }

  targets(): Set<string> {
    return this.once("make", () => {
      const text = readSmall(join(this.root, "Makefile"), MAX_MANIFEST_BYTES) ?? "";
      return new Set([...text.matchAll(/^([A-Za-z0-9_.\-/]+)\s*:(?!=)/gmu)].map((m) => m[1] as string));
    });
  }

  dependencies(): Set<string> {
    return this.once("deps", () => {
      const out = new Set(this.pkg().deps);
      for (const f of [
        "requirements.txt",
        "requirements-dev.txt",
        "pyproject.toml",
        "go.mod",
        "Cargo.toml",
        "Gemfile",
      ]) {
        const text = readSmall(join(this.root, f), MAX_MANIFEST_BYTES);
        if (!text) continue;
        for (const m of text.matchAll(/^[\s"'-]*([A-Za-z0-9_.\-/]+)\s*(?:[=<>~!;[ "']|$)/gmu))
          out.add((m[1] as string).toLowerCase().split("/").pop() as string);
      }
      return out;
    });
  }
}

/** A path the memory named, relative to the project root, or undefined when it is outside it. */
export function projectPath(root: string, p: string): string | undefined {
  const abs = isAbsolute(p) ? normalize(p) : join(root, p);
  return isInside(abs, root) ? relative(root, abs) || "." : undefined;
}

/** Checks anchors against a project, within a budget; each anchor checked at most once. */
export class AnchorCheck {
  private manifests: Manifests;
  private seen = new Map<string, boolean>();
  private left: number;

  constructor(
    readonly root: string,
    budget = 64,
  ) {
    this.manifests = new Manifests(root);
    this.left = budget;
  }

  /** Whether the anchor still holds (true when it cannot be told, or the budget is spent). */
  holds(anchor: string): boolean {
    const known = this.seen.get(anchor);
    if (known !== undefined) return known;
    if (this.left <= 0) return true;
    this.left--;
    const a = parseAnchor(anchor);
    let ok = true;
    if (a?.kind === "file") ok = fs.existsSync(join(this.root, a.name));
    else if (a?.kind === "symbol" && a.path)
      ok = (readSmall(join(this.root, a.path), MAX_FILE_BYTES) ?? "").includes(a.name);
    else if (a?.kind === "script") ok = this.manifests.scripts().has(a.name);
    else if (a?.kind === "make") ok = this.manifests.targets().has(a.name);
    else if (a?.kind === "package") ok = this.manifests.dependencies().has(a.name.toLowerCase());
    this.seen.set(anchor, ok);
    return ok;
  }

  /**
   * The anchors of a memory that are gone, when it was learned in this project (another project's paths say
   * nothing here); [] when all hold.
   */
  gone(entry: Record<string, unknown>): string[] {
    const anchors = entry.anchors;
    if (!Array.isArray(anchors) || anchors.length === 0) return [];
    const from = typeof entry.sourceProject === "string" ? entry.sourceProject : entry.projectPath;
    if (typeof from !== "string" || normalize(from) !== normalize(this.root)) return [];
    return anchors.filter((a): a is string => typeof a === "string" && !this.holds(a));
  }
}

/** How a stale memory is marked where it is shown: "(possibly stale: src/x.ts is gone) ". */
export function staleNote(gone: readonly string[]): string {
  if (gone.length === 0) return "";
  const what = gone
    .slice(0, 2)
    .map((a) => {
      const p = parseAnchor(a);
      if (!p) return a;
      if (p.kind === "symbol") return `${p.name} is no longer in ${p.path}`;
      if (p.kind === "script") return `script "${p.name}" is no longer in package.json`;
      if (p.kind === "make") return `make target "${p.name}" is gone`;
      if (p.kind === "package") return `package ${p.name} is no longer a dependency`;
      return `${p.name} is gone`;
    })
    .join("; ");
  return `(possibly stale: ${what} — check it, then update or remove it) `;
}
