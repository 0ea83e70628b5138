import * as fs from "node:fs";
import { join } from "node:path";
import { MAX_FILE_BYTES, Manifests, projectPath } from "../project/anchors.ts";

/**
 * What a memory names in the code, found when it is learned (issue 23): files and directories of the project
 * that exist, names given in `backticks` or as call() that are in one of those files, package.json scripts run
 * with npm/pnpm/yarn/bun, Makefile targets run with make, and the project's dependencies the text names. Only
 * what holds now is recorded (src/project/anchors.ts checks it again before the memory is shown). At most
 * MAX_ANCHORS.
 */
export const MAX_ANCHORS = 8;

const PATHLIKE =
  /(?:^|[\s`'"(«“])((?:\.{0,2}\/)?[\w@.-]+(?:\/[\w@.\-*]+)+\/?|[\w@-]+\.[A-Za-z][A-Za-z0-9]{0,5})(?=$|[\s`'",;:)»”]|[.!?](?:\s|$))/gu;
const CODE_NAME = /`([A-Za-z_$][\w$.]*)(?:\(\))?`|\b([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(\)/gu;
const RUN_SCRIPT = /\b(?:npm run|pnpm(?: run)?|yarn(?: run)?|bun run)\s+([\w:.-]+)/gu;
const RUN_MAKE = /\bmake\s+([\w.\-/]+)/gu;
const WORD = /[A-Za-z0-9@][\w.\-/@]*[A-Za-z0-9]/gu;

function exists(path: string): boolean {
  try {
    fs.statSync(path);
    return true;
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The anchors of `text` in the project at `root` (absent or not a directory: none). */
export function extractAnchors(text: string, root: string | undefined): string[] {
  if (!root || !exists(root)) return [];
  const out: string[] = [];
  const add = (a: string) => {
    if (!out.includes(a) && out.length < MAX_ANCHORS) out.push(a);
  };
  const files: string[] = [];
  for (const m of text.matchAll(PATHLIKE)) {
    const raw = (m[1] as string).replace(/[/*]+$/u, "");
    if (/^\d+(?:\.\d+)+$/u.test(raw) || raw.includes("*")) continue; // a version, a glob
    const rel = projectPath(root, raw);
    if (!rel || rel === "." || !exists(join(root, rel))) continue;
    add(`file:${rel}`);
    if (isFile(join(root, rel))) files.push(rel);
  }
  for (const m of text.matchAll(CODE_NAME)) {
    const name = (m[1] ?? m[2]) as string;
    const last = name.split(".").pop() as string;
    if (last.length < 3) continue;
    const home = files.find((f) => {
      try {
        const fd = fs.openSync(join(root, f), "r");
        try {
          const buf = Buffer.alloc(Math.min(MAX_FILE_BYTES, fs.fstatSync(fd).size));
          fs.readSync(fd, buf, 0, buf.length, 0);
          return buf.toString("utf8").includes(last);
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        return false;
      }
    });
    if (home) add(`symbol:${last}@${home}`);
  }
  const manifests = new Manifests(root);
  for (const m of text.matchAll(RUN_SCRIPT))
    if (manifests.scripts().has(m[1] as string)) add(`script:${m[1] as string}`);
  for (const m of text.matchAll(RUN_MAKE))
    if (manifests.targets().has(m[1] as string)) add(`make:${m[1] as string}`);
  const deps = manifests.dependencies();
  if (deps.size)
    for (const m of text.matchAll(WORD)) {
      const w = (m[0] as string).toLowerCase();
      if (w.length >= 3 && deps.has(w)) add(`package:${w}`);
    }
  return out;
}
