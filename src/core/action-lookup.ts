import { BrainError } from "./errors.ts";
import type { FoldState } from "./fold.ts";
import type { Rec } from "./rec.ts";
import { untag } from "./short-ids.ts";
import { dedupText } from "./text.ts";
import type { BaseEntry } from "./types.ts";

/** An open task (pending) or reminder (enabled) with the same words as `entry`: adding it again is a mistake. */
export function openTwin(entry: BaseEntry, state: FoldState): Rec | undefined {
  if (entry.type !== "task" && entry.type !== "reminder") return undefined;
  const open = (e: BaseEntry) => (e.type === "task" ? e.status !== "done" : e.enabled !== false);
  const words = dedupText(entry);
  if (!words || !open(entry)) return undefined;
  return state.list(entry.type).find((r) => open(r.entry) && dedupText(r.entry) === words);
}

/** The task or reminder `given` names: its id, `#id`, or a unique prefix as a context prints it. */
export function typed(state: FoldState, type: "task" | "reminder", given: string): Rec {
  const exact = state.arrays[type].get(untag(given));
  if (exact) return exact;
  let r: Rec;
  try {
    r = state.resolve(given);
  } catch (e) {
    if (e instanceof BrainError && e.code === "NOT_FOUND")
      throw new BrainError("NOT_FOUND", `No ${type} with id "${given}"`);
    throw e;
  }
  if (r.type !== type)
    throw new BrainError("NOT_FOUND", `No ${type} with id "${given}" (${r.id} is a ${r.type})`);
  return r;
}
