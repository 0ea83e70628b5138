import { FoldState } from "./fold.ts";
import type { Params } from "./params.ts";

/**
 * A project's own brain layered over the personal one (`brain init --project`; src/engine/layered.ts opens
 * both). Two pure rules, the fold's own, not a second fold:
 *
 * READ — the view a command in the project sees is the personal brain's live entries folded, then the
 * project brain's on top: for the same keyed entry (identity / user / meta by `key`) or the same id the
 * project's wins, every other entry of either is kept (a union; nothing is lost).
 *
 * WRITE — who you are and how you work (identity, user, behaviours, preferences) is personal and goes to the
 * personal brain, as outside the project, unless given `scope=project`; what is learned in the project
 * (learnings, project context, tasks, reminders) goes to the project brain, except a learning explicitly
 * given `scope=global` or `scope=personal`. A change to an existing entry (update, remove, done …) goes to
 * the brain that holds it, the project's first.
 */
export function layerStates(personal: FoldState, project: FoldState): FoldState {
  const merged = new FoldState();
  for (const rec of personal.live()) merged.apply(rec);
  for (const rec of project.live()) merged.apply(rec);
  return merged;
}

/** The entry types that are the person's, not the project's: a new one goes to the personal brain. */
export const PERSONAL_TYPES: ReadonlySet<string> = new Set(["identity", "user", "behavior", "preference"]);

/** Whether `state` holds the live entry an id (or a unique id prefix) names. */
function holds(state: FoldState, id: string): boolean {
  try {
    state.resolve(id);
    return true;
  } catch {
    return false;
  }
}

/** Which brain a `brain` tool call writes to (see WRITE above); reads are the layered view's. */
export function writeLayer(params: Params, project: FoldState, personal: FoldState): "project" | "personal" {
  if (params.action === "add") {
    // A learning said to hold everywhere (scope=global or personal) would hold only here in the project's brain.
    if (params.type === "learning")
      return params.scope === "global" || params.scope === "personal" ? "personal" : "project";
    return PERSONAL_TYPES.has(String(params.type)) && params.scope !== "project" ? "personal" : "project";
  }
  const id = params.id;
  if (typeof id !== "string" || id === "" || holds(project, id)) return "project";
  return holds(personal, id) ? "personal" : "project";
}
