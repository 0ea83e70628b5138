import { isInside } from "./inside.ts";
import { PROJECT, type Rec } from "./rec.ts";

/**
 * The one rule for where a memory applies: an entry with `scope: "project"` applies only in its project —
 * its `projectPath` or a directory inside it (whole path segments) — and everything else applies everywhere.
 * Every context and every recall (the hosts' session context, the prompt's memories, MCP, pi, search) asks it.
 * An old project-scoped entry without a projectPath does not say which project: it applies everywhere, as it
 * did (new ones always carry one: `scope=project` records the repository root of the working directory).
 * Rho's own prompt (`--compat rho`) keeps Rho's rule: a +5 bonus in the project, shown everywhere.
 */
export function inScope(rec: Rec, cwd: string): boolean {
  if ((rec.flags & PROJECT) === 0) return true;
  const path = rec.projectPath;
  return !path || isInside(cwd, path);
}
