import * as fs from "node:fs";
import { dirname, join, resolve } from "node:path";
import { projectBrainFile } from "../store/home.ts";

/** The repository root of `cwd`: the nearest directory up holding `.git`, else `cwd` itself. */
export function repoRoot(cwd: string): string {
  let dir = resolve(cwd);
  for (;;) {
    if (fs.existsSync(join(dir, ".git"))) return dir;
    const up = dirname(dir);
    if (up === dir) return resolve(cwd);
    dir = up;
  }
}

/** Where a project's own brain lives (`brain init --project`): `.brain/brain.jsonl` at its repository root. */
export function projectBrainPath(cwd: string): string {
  return projectBrainFile(repoRoot(cwd));
}
