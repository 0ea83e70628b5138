/**
 * The baseline: a Rho-style read + fold, written the way seed 000 describes Rho doing it (whole file read into
 * one string, split on "\n", JSON.parse per line; array collections upserted with findIndex and tombstones
 * applied with filter, so folding is O(n²) in the number of live entries). It exists only so the bench can
 * measure the engine's speed-up against it in the same run. Not used by the engine.
 */
import * as fs from "node:fs";

interface Entry {
  id: string;
  type: string;
  created: string;
  [k: string]: unknown;
}

export interface NaiveBrain {
  behaviors: Entry[];
  identity: Map<string, Entry>;
  user: Map<string, Entry>;
  learnings: Entry[];
  preferences: Entry[];
  contexts: Entry[];
  tasks: Entry[];
  reminders: Entry[];
  meta: Map<string, Entry>;
  tombstoned: Set<string>;
}

export function naiveRead(path: string): { entries: Entry[]; badLines: number } {
  const raw = fs.readFileSync(path, "utf8");
  const entries: Entry[] = [];
  let badLines = 0;
  for (const line of raw.split("\n")) {
    if (line.trim() === "") continue;
    try {
      entries.push(JSON.parse(line) as Entry);
    } catch {
      badLines++;
    }
  }
  return { entries, badLines };
}

type ArrayKey = "behaviors" | "learnings" | "preferences" | "contexts" | "tasks" | "reminders";
const ARRAYS: Record<string, ArrayKey> = {
  behavior: "behaviors",
  learning: "learnings",
  preference: "preferences",
  context: "contexts",
  task: "tasks",
  reminder: "reminders",
};
const KEYED: Record<string, "identity" | "user" | "meta"> = {
  identity: "identity",
  user: "user",
  meta: "meta",
};

export function naiveFold(entries: Entry[]): NaiveBrain {
  const b: NaiveBrain = {
    behaviors: [],
    identity: new Map(),
    user: new Map(),
    learnings: [],
    preferences: [],
    contexts: [],
    tasks: [],
    reminders: [],
    meta: new Map(),
    tombstoned: new Set(),
  };
  for (const e of entries) {
    if (e.type === "tombstone") {
      const target = e.target_id as string;
      b.tombstoned.add(target);
      const arr = ARRAYS[e.target_type as string];
      if (arr) b[arr] = b[arr].filter((x) => x.id !== target);
      const keyed = KEYED[e.target_type as string];
      if (keyed) {
        for (const [k, v] of b[keyed]) {
          if (v.id === target) {
            b[keyed].delete(k);
            break;
          }
        }
      }
      continue;
    }
    if (b.tombstoned.has(e.id)) b.tombstoned.delete(e.id);
    const arr = ARRAYS[e.type];
    if (arr) {
      const list = b[arr];
      const i = list.findIndex((x) => x.id === e.id);
      if (i >= 0) list[i] = e;
      else list.push(e);
      continue;
    }
    const keyed = KEYED[e.type];
    if (keyed) b[keyed].set(e.key as string, e);
  }
  return b;
}

/** Read + fold, as Rho does at session start and again inside every dedup-checked add. */
export function naiveLoad(path: string): NaiveBrain {
  return naiveFold(naiveRead(path).entries);
}
