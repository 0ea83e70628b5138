import * as fs from "node:fs";
import { resolve } from "node:path";
import { isInside } from "../core/inside.ts";

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
  return isInside(real, realRoot);
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

/** A regular file with more than one name: a hard link may make an outside file look like one of ours. */
export function hardLinked(path: string): boolean {
  try {
    const st = fs.lstatSync(path);
    return st.isFile() && st.nlink > 1;
  } catch {
    return false;
  }
}

/**
 * The file to read and write for `file`, which must stay inside `root`: `file` itself, or the target of a
 * symlink that resolves inside `root`. Null when it leads outside (a symlink out, a dangling link, a hard
 * link), so a caller never copies an outside file's content in, nor writes through to it.
 */
export function targetInside(root: string, file: string): string | null {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch {
    return file; // does not exist yet: a new regular file is created
  }
  if (st.isSymbolicLink()) {
    if (!insideRoot(root, file)) return null;
    const real = fs.realpathSync(file);
    return hardLinked(real) ? null : real;
  }
  return hardLinked(file) ? null : file;
}
