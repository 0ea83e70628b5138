/**
 * A deliberately naive reference fold, written straight from seed 000's "Fold" rules and Rho's
 * foldBrain: arrays with upsert-by-id (replace in place, else push), Maps keyed by `key` for
 * identity/user/meta, tombstones that remove from the collection named by `target_type`, and
 * resurrection by any later non-tombstone entry with the same id. O(n²) on purpose: it is the oracle.
 */
import type { FoldState } from "../../src/core/fold.ts";
import type { BaseEntry } from "../../src/core/types.ts";

export const ARRAY_TYPES = ["behavior", "learning", "preference", "context", "task", "reminder"] as const;
export const KEYED_TYPES = ["identity", "user", "meta"] as const;
type ArrayType = (typeof ARRAY_TYPES)[number];
type KeyedType = (typeof KEYED_TYPES)[number];

/** Plain, deep-comparable shape of a folded brain. */
export interface Folded {
  arrays: Record<ArrayType, BaseEntry[]>;
  /** Keyed maps as [key, entry] pairs in map order. */
  keyed: Record<KeyedType, [unknown, BaseEntry][]>;
  /** Tombstoned ids, sorted. */
  tombstoned: string[];
}

const isArrayType = (t: string): t is ArrayType => (ARRAY_TYPES as readonly string[]).includes(t);
const isKeyedType = (t: string): t is KeyedType => (KEYED_TYPES as readonly string[]).includes(t);

export function rhoFold(entries: readonly BaseEntry[]): Folded {
  const arrays: Record<ArrayType, BaseEntry[]> = {
    behavior: [],
    learning: [],
    preference: [],
    context: [],
    task: [],
    reminder: [],
  };
  const keyed: Record<KeyedType, Map<unknown, BaseEntry>> = {
    identity: new Map(),
    user: new Map(),
    meta: new Map(),
  };
  const tombstoned = new Set<string>();

  for (const entry of entries) {
    if (entry.type === "tombstone") {
      const targetId = entry.target_id as string;
      const targetType = entry.target_type as string;
      tombstoned.add(targetId);
      if (isArrayType(targetType)) {
        arrays[targetType] = arrays[targetType].filter((e) => e.id !== targetId);
      } else if (isKeyedType(targetType)) {
        const map = keyed[targetType];
        for (const [k, v] of map) {
          if (v.id === targetId) {
            map.delete(k);
            break;
          }
        }
      }
      continue;
    }
    if (tombstoned.has(entry.id)) tombstoned.delete(entry.id);
    if (isArrayType(entry.type)) {
      const arr = arrays[entry.type];
      const idx = arr.findIndex((e) => e.id === entry.id);
      if (idx >= 0) arr[idx] = entry;
      else arr.push(entry);
    } else if (isKeyedType(entry.type)) {
      keyed[entry.type].set(entry.key, entry);
    }
    // unknown types: ignored
  }

  return {
    arrays,
    keyed: {
      identity: [...keyed.identity],
      user: [...keyed.user],
      meta: [...keyed.meta],
    },
    tombstoned: [...tombstoned].sort(),
  };
}

/** The same plain shape, read from the real FoldState through its public read API. */
export function fromFoldState(state: FoldState): Folded {
  const arrays = {} as Record<ArrayType, BaseEntry[]>;
  for (const t of ARRAY_TYPES) arrays[t] = state.list(t).map((r) => r.entry);
  const keyed = {} as Record<KeyedType, [unknown, BaseEntry][]>;
  for (const t of KEYED_TYPES) keyed[t] = state.list(t).map((r) => [r.entry.key, r.entry]);
  return { arrays, keyed, tombstoned: [...state.tombstoned].sort() };
}

/** Rho's lookup order for "the entry with this id": behaviour, identity, user, learning, … meta. */
const FIND_ORDER = [
  "behavior",
  "identity",
  "user",
  "learning",
  "preference",
  "context",
  "task",
  "reminder",
  "meta",
] as const;

/** First live entry with this id in Rho's collection order (keyed maps in map order). */
export function rhoFind(f: Folded, id: string): BaseEntry | undefined {
  for (const t of FIND_ORDER) {
    const hit = isKeyedType(t)
      ? f.keyed[t].find(([, e]) => e.id === id)?.[1]
      : f.arrays[t as ArrayType].find((e) => e.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** Every live entry of a folded brain. */
export function rhoLive(f: Folded): BaseEntry[] {
  return [
    ...Object.values(f.arrays).flat(),
    ...Object.values(f.keyed).flatMap((pairs) => pairs.map((p) => p[1])),
  ];
}
