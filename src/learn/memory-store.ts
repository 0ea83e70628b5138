import { isBrainError } from "../core/errors.ts";
import { normalizeText } from "../core/text.ts";
import { KNOWN_PARAMS } from "../core/tool-fields.ts";
import type { BrainCore } from "../engine/core.ts";

/** What storing a memory needs of a brain (the core, or the full `Brain` over it). */
export type MemoryWriter = Pick<BrainCore, "act" | "refresh" | "state" | "now">;

import { NearDupIndex } from "./near-dup.ts";

/**
 * How the learning loop stores a memory (an extraction, an accepted inbox candidate): through the normal
 * action path (`brain.act`, so the schema, the secret guard, the lock and Rho's exact dedup all apply), with
 * `source: "auto"`. A text that is a near-duplicate of a live learning or preference of the same type
 * (character-trigram Dice ≥ 0.8 on the normalised text, src/learn/near-dup.ts) reinforces that entry instead:
 * an update that counts `reinforced` and refreshes `created`, which restarts its decay clock.
 */
export interface TextItem {
  type: "learning" | "preference";
  text: string;
  category?: string;
  importance?: string;
  scope?: string;
  projectPath?: unknown;
}

export type MemoryItem =
  | TextItem
  | { type: "identity" | "user"; key: string; value: string; importance?: string };

export type StoreOutcome =
  | { kind: "added"; id: string; text: string }
  | { kind: "reinforced"; id: string; text: string; similarity: number }
  | { kind: "refused"; text: string; why: string }
  /** Not a near-duplicate, and the curator found it not worth adding. */
  | { kind: "gated"; text: string; score: number };

/** The SELECTION curator's say on a new memory (consulted only for texts that reinforce nothing). */
export type Gate = (text: string) => { promoted: boolean; score: number };

const TEXT_TYPES = ["learning", "preference"] as const;
/** Whether the action path takes `importance` (issue 11 step 4 adds it); until then the model's is dropped. */
const WITH_IMPORTANCE = KNOWN_PARAMS.includes("importance");

/** Near-duplicate indexes of a brain's live learnings and preferences (one per type). */
export class MemoryIndex {
  readonly byType = new Map<string, NearDupIndex>();

  static of(brain: MemoryWriter): MemoryIndex {
    brain.refresh();
    const m = new MemoryIndex();
    for (const type of TEXT_TYPES) {
      const index = new NearDupIndex();
      for (const r of brain.state.list(type)) index.add(r.id, normalizeText(String(r.entry.text ?? "")));
      m.byType.set(type, index);
    }
    return m;
  }

  match(type: string, text: string): { id: string; similarity: number } | undefined {
    return this.byType.get(type)?.best(normalizeText(text));
  }

  add(type: string, id: string, text: string): void {
    this.byType.get(type)?.add(id, normalizeText(text));
  }
}

export async function storeMemory(
  brain: MemoryWriter,
  item: MemoryItem,
  index: MemoryIndex,
  gate?: Gate,
): Promise<StoreOutcome> {
  if (!("text" in item)) {
    const text = `${item.key}: ${item.value}`;
    const v = gate?.(text);
    if (v && !v.promoted) return { kind: "gated", text, score: v.score };
    try {
      const r = await brain.act({ action: "add", type: item.type, key: item.key, value: item.value });
      return { kind: "added", id: String(r.data?.id), text };
    } catch (e) {
      if (isBrainError(e)) return { kind: "refused", text, why: e.message };
      throw e;
    }
  }
  return storeText(brain, item, index, gate);
}

async function storeText(
  brain: MemoryWriter,
  item: TextItem,
  index: MemoryIndex,
  gate: Gate | undefined,
): Promise<StoreOutcome> {
  try {
    const near = index.match(item.type, item.text);
    if (near) {
      const prev = brain.state.find(near.id);
      const count = Number(prev?.entry.reinforced ?? 0);
      await brain.act({
        action: "update",
        id: near.id,
        reinforced: (Number.isFinite(count) ? count : 0) + 1,
      });
      return {
        kind: "reinforced",
        id: near.id,
        text: String(prev?.entry.text ?? item.text),
        similarity: near.similarity,
      };
    }
    const v = gate?.(item.text);
    if (v && !v.promoted) return { kind: "gated", text: item.text, score: v.score };
    const r = await brain.act({
      action: "add",
      type: item.type,
      text: item.text,
      source: "auto",
      ...(item.type === "preference" ? { category: item.category ?? "General" } : {}),
      ...(item.importance && WITH_IMPORTANCE ? { importance: item.importance } : {}),
      ...(item.scope === "project" && typeof item.projectPath === "string"
        ? { scope: "project", projectPath: item.projectPath }
        : {}),
    });
    const id = String(r.data?.id);
    index.add(item.type, id, item.text);
    return { kind: "added", id, text: item.text };
  } catch (e) {
    if (isBrainError(e)) return { kind: "refused", text: item.text, why: e.message };
    throw e;
  }
}
