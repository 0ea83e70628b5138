import type { FoldState } from "../core/fold.ts";
import type { Params } from "../core/params.ts";
import { repoRoot } from "../project/repo-root.ts";

/**
 * `scope=project` says the memory holds in one project (core/scope.ts): given without a `projectPath`, the
 * project is the repository root of the working directory, recorded on the entry — an add, or an update that
 * makes a learning project-scoped when it has no path yet. Other parameters pass as they are.
 */
export function withProjectPath(params: Params, state: FoldState, cwd: string): Params {
  if (params.scope !== "project" || (params.projectPath !== undefined && params.projectPath !== ""))
    return params;
  if (params.action === "add" && params.type === "learning") return { ...params, projectPath: repoRoot(cwd) };
  if (params.action === "update" && typeof params.id === "string") {
    let held: { type: string; projectPath: string | undefined } | undefined;
    try {
      held = state.resolve(params.id);
    } catch {
      return params; // the update itself reports the id
    }
    if (held.type === "learning" && !held.projectPath) return { ...params, projectPath: repoRoot(cwd) };
  }
  return params;
}
