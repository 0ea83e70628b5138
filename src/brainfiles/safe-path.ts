import * as fs from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";

/** True when `target`, after resolving symlinks, is `root` or inside it. */
export function insideRoot(root: string, target: string): boolean {
  let realRoot: string;
  let real: string;
  try {
    realRoot = fs.realpathSync(root);
    real = fs.realpathSync(target);
  } catch {
    return false;
  }
  const rel = relative(realRoot, real);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel) && !rel.split(sep).includes(".."));
}

/** Reads a text file only if it resolves inside `root` (no `..`, no symlink escaping). */
export function readInside(root: string, path: string): string | null {
  const full = resolve(root, path);
  if (!insideRoot(root, full)) return null;
  try {
    return fs.readFileSync(full, "utf8");
  } catch {
    return null;
  }
}
