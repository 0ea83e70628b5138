import * as fs from "node:fs";
import { dirname, resolve } from "node:path";

/** The log a path names, symlinks followed once (a dangling link by hand: its target may not exist yet). */
export function resolveLog(path: string): string {
  const abs = resolve(path);
  try {
    return fs.realpathSync(abs);
  } catch {
    try {
      return resolve(dirname(abs), fs.readlinkSync(abs));
    } catch {
      return abs;
    }
  }
}
