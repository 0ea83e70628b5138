import { statSync } from "node:fs";
import { warn } from "./output.ts";

/**
 * A `--cwd` that names no directory (a typo, a moved project): the command still runs, with memories chosen
 * as if from there, but it says so on stderr — both paths of the CLI (cli.ts's direct one and commander's).
 */
export function warnMissingCwd(cwd: string | undefined): void {
  if (cwd === undefined) return;
  try {
    if (statSync(cwd).isDirectory()) return;
  } catch {
    /* not there */
  }
  warn(`brain: --cwd ${cwd}: no such directory`);
}
