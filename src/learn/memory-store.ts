import type { ActionResult } from "../core/actions.ts";
import { isBrainError } from "../core/errors.ts";
import type { FoldState } from "../core/fold.ts";
import type { Params } from "../core/params.ts";
import { normalizeText } from "../core/text.ts";
import { KNOWN_PARAMS } from "../core/tool-fields.ts";

/** What storing a memory needs of a brain (the core, or the full `Brain` over it). */
export interface MemoryWriter {
  act(params: Params): Promise<ActionResult>;
  refresh(): { linesRead: number };
  readonly state: FoldState;
  readonly now: () => Date;
}

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

/**
 * What storing an item will do, decided before anything is written (so an interrupted learner can record it
 * first and tell, after a restart, whether it was done: src/learn/delta-journal.ts): add a text, reinforce a
 * near-duplicate up to a given count, add a key/value fact — or nothing, when the curator stops it.
 */
export type Plan =
  | { kind: "add"; item: TextItem }
  | { kind: "reinforce"; id: string; to: number; text: string; similarity: number }
  | { kind: "key"; item: Extract<MemoryItem, { key: string }> };

export function planMemory(
  brain: MemoryWriter,
  item: MemoryItem,
  index: MemoryIndex,
  gate?: Gate,
): Plan | Extract<StoreOutcome, { kind: "gated" }> {
  if (!("text" in item)) {
    const text = `${item.key}: ${item.value}`;
    const v = gate?.(text);
    return v && !v.promoted ? { kind: "gated", text, score: v.score } : { kind: "key", item };
  }
  const near = index.match(item.type, item.text);
  if (near) {
    const prev = brain.state.find(near.id);
    const count = Number(prev?.entry.reinforced ?? 0);
    return {
      kind: "reinforce",
      id: near.id,
      to: (Number.isFinite(count) ? count : 0) + 1,
      text: String(prev?.entry.text ?? item.text),
      similarity: near.similarity,
    };
  }
  const v = gate?.(item.text);
  return v && !v.promoted ? { kind: "gated", text: item.text, score: v.score } : { kind: "add", item };
}

/** Carry out a plan through the action path; a refusal (a secret, a limit) is an outcome, not an error. */
export async function applyPlan(brain: MemoryWriter, plan: Plan, index: MemoryIndex): Promise<StoreOutcome> {
  const text = planText(plan);
  try {
    if (plan.kind === "reinforce") {
      // The count is absolute: applying the plan twice reinforces once.
      await brain.act({ action: "update", id: plan.id, reinforced: plan.to });
      return { kind: "reinforced", id: plan.id, text: plan.text, similarity: plan.similarity };
    }
    if (plan.kind === "key") {
      const { type, key, value } = plan.item;
      const r = await brain.act({ action: "add", type, key, value });
      return { kind: "added", id: String(r.data?.id), text };
    }
    const item = plan.item;
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
    return { kind: "added", id, text };
  } catch (e) {
    if (isBrainError(e)) return { kind: "refused", text, why: e.message };
    throw e;
  }
}

/**
 * What a plan recorded before an interruption left in the brain: its outcome when it was carried out (the
 * text is stored, the entry reinforced to the count), else undefined.
 */
export function appliedOutcome(brain: MemoryWriter, plan: Plan): StoreOutcome | undefined {
  brain.refresh();
  if (plan.kind === "reinforce") {
    const done = Number(brain.state.find(plan.id)?.entry.reinforced ?? 0) >= plan.to;
    return done
      ? { kind: "reinforced", id: plan.id, text: plan.text, similarity: plan.similarity }
      : undefined;
  }
  const match =
    plan.kind === "key"
      ? brain.state
          .list(plan.item.type)
          .find((r) => r.entry.key === plan.item.key && r.entry.value === plan.item.value)
      : brain.state
          .list(plan.item.type)
          .find((r) => normalizeText(String(r.entry.text ?? "")) === normalizeText(plan.item.text));
  return match ? { kind: "added", id: match.id, text: planText(plan) } : undefined;
}

function planText(plan: Plan): string {
  if (plan.kind === "reinforce") return plan.text;
  return plan.kind === "key" ? `${plan.item.key}: ${plan.item.value}` : plan.item.text;
}

export async function storeMemory(
  brain: MemoryWriter,
  item: MemoryItem,
  index: MemoryIndex,
  gate?: Gate,
): Promise<StoreOutcome> {
  try {
    const plan = planMemory(brain, item, index, gate);
    return plan.kind === "gated" ? plan : await applyPlan(brain, plan, index);
  } catch (e) {
    if (isBrainError(e))
      return {
        kind: "refused",
        text: "text" in item ? item.text : `${item.key}: ${item.value}`,
        why: e.message,
      };
    throw e;
  }
}
