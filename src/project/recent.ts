import * as fs from "node:fs";
import { dirname } from "node:path";
import { isInside } from "../core/inside.ts";
import { crypto } from "../store/crypto.ts";
import { BrainHome } from "../store/home.ts";
import { repoRoot } from "./repo-root.ts";

/**
 * Recently accessed paths: files the agent worked on and rules that were injected. Kept in
 * `.brain/recent.json` beside the log so they survive compaction and can be re-injected on recovery. One
 * list for the brain, read per project: a context sees only the paths inside its own repository that still
 * exist (`recentFor`).
 */
export interface RecentPath {
  path: string;
  kind: "file" | "rule";
  at: string;
}

/** Kept across every project (newest first), so one busy project does not push the others out. */
const MAX = 300;

export function recentPath(brainDir: string): string {
  return new BrainHome(brainDir).file("recent");
}

export function readRecent(brainDir: string): RecentPath[] {
  try {
    const v = JSON.parse(fs.readFileSync(recentPath(brainDir), "utf8")) as unknown;
    return Array.isArray(v) ? (v as RecentPath[]).filter((r) => r && typeof r.path === "string") : [];
  } catch {
    return [];
  }
}

/** The recent paths of the project `cwd` is in: inside its repository root, and (files) still there. */
export function recentFor(brainDir: string, cwd: string): RecentPath[] {
  const root = repoRoot(cwd);
  return readRecent(brainDir).filter(
    (r) => isInside(r.path, root) && (r.kind !== "file" || fs.existsSync(r.path)),
  );
}

/** Add paths (newest first, deduplicated, capped); writes only when something changed. */
export function rememberPaths(
  brainDir: string,
  add: { path: string; kind: RecentPath["kind"] }[],
  now: Date,
): RecentPath[] {
  const current = readRecent(brainDir);
  if (add.length === 0) return current;
  const fresh = add.map((a) => ({ ...a, at: now.toISOString() }));
  const seen = new Set(fresh.map((f) => `${f.kind}:${f.path}`));
  const next = [...fresh, ...current.filter((c) => !seen.has(`${c.kind}:${c.path}`))].slice(0, MAX);
  const sameOrder =
    next.length === current.length &&
    next.every((n, i) => n.path === current[i]?.path && n.kind === current[i]?.kind);
  if (sameOrder && current.length > 0) return current;
  const file = recentPath(brainDir);
  try {
    fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.tmp-${process.pid}-${crypto().randomBytes(3).toString("hex")}`;
    fs.writeFileSync(tmp, JSON.stringify(next, null, 1), { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    /* derived data: losing it costs only recall after compaction */
  }
  return next;
}
