import type { ActionResult } from "../core/actions.ts";
import { BrainError } from "../core/errors.ts";
import type { FoldState } from "../core/fold.ts";
import type { Rec } from "../core/rec.ts";
import type { BaseEntry } from "../core/types.ts";
import type { WriteGate } from "./write-gate.ts";

/** The first field (other than `created`) in which `given` and `held` differ; null when none does. */
function changedField(given: Record<string, unknown>, held: Record<string, unknown>): string | null {
  const keys = new Set([...Object.keys(given), ...Object.keys(held)]);
  keys.delete("created");
  for (const k of keys) if (JSON.stringify(given[k]) !== JSON.stringify(held[k])) return k;
  return null;
}

/** The last version of entry `id` among a log's records (tombstones aside). */
export function lastVersion(recs: readonly Rec[], id: string): Record<string, unknown> | undefined {
  let last: Record<string, unknown> | undefined;
  for (const rec of recs) if (rec.type !== "tombstone" && rec.id === id) last = rec.peek();
  return last;
}

/** What a restore needs of the core (a `BrainCore`; no import of it: core.ts imports this). */
export interface RestoringCore {
  readonly state: FoldState;
  readonly gate: WriteGate;
  readonly now: () => Date;
  lastRemoved(id: string): Record<string, unknown> | undefined;
}

/**
 * Undo a removal: the entry's last version, appended again under its own id (the fold resurrects a
 * tombstoned id), through the write gate. Only an id that is removed now can be restored (a live one is
 * DUPLICATE, an unknown one NOT_FOUND); what is restored is what the log held, so `entry` must be that
 * version (as the removal returned it; `created` aside): a restore cannot change a type or add fields.
 */
export async function restore(core: RestoringCore, entry: Record<string, unknown>): Promise<ActionResult> {
  const id = entry.id;
  if (typeof id !== "string" || !id) throw new BrainError("INVALID", "restore requires id", { field: "id" });
  if (core.state.find(id)) throw new BrainError("DUPLICATE", `Entry "${id}" is live: nothing to restore`);
  const last = core.lastRemoved(id);
  if (!last) throw new BrainError("NOT_FOUND", `No removed entry with id "${id}"`);
  const changed = changedField(entry, last);
  if (changed !== null)
    throw new BrainError(
      "INVALID",
      `a restore brings entry "${id}" back as the log held it (send it as its removal returned it): field "${changed}" differs`,
      { field: changed },
    );
  const restored = { ...last, created: core.now().toISOString() };
  return core.gate.write({
    purpose: "restore",
    values: [restored],
    plan: (state) => {
      if (state.find(id)) throw new BrainError("DUPLICATE", `Entry "${id}" is live: nothing to restore`);
      const e = restored as BaseEntry;
      return {
        entries: [e],
        result: { ok: true, action: "add", message: `Restored ${e.type} ${id}`, written: [e], data: { id } },
      };
    },
  });
}
