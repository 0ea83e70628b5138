import type { FoldState } from "./fold.ts";
import { deterministicId, type RandomHex, type Sha256Hex } from "./ids.ts";
import { normalizeText } from "./text.ts";
import type { BaseEntry } from "./types.ts";

/** The legacy files of pre-2026 Rho, already parsed (unparseable lines dropped by the reader). */
export interface LegacyInput {
  core: Record<string, unknown>[];
  memory: Record<string, unknown>[];
  context: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
}

export interface MigrationStats {
  behaviors: number;
  identity: number;
  user: number;
  learnings: number;
  preferences: number;
  contexts: number;
  tasks: number;
  skipped: number;
}

export const MIGRATION_KEY = "migration.v2";

const COUNTED: Readonly<Record<string, Exclude<keyof MigrationStats, "skipped">>> = {
  behavior: "behaviors",
  identity: "identity",
  user: "user",
  learning: "learnings",
  preference: "preferences",
  context: "contexts",
  task: "tasks",
};

/** A planned entry the write gate refused: counted as skipped instead of migrated. */
export function countRefused(stats: MigrationStats, type: unknown): void {
  const key = typeof type === "string" ? COUNTED[type] : undefined;
  if (key && stats[key] > 0) stats[key]--;
  stats.skipped++;
}

export function alreadyMigrated(state: FoldState): boolean {
  const v = state.findKeyed("meta", MIGRATION_KEY)?.entry.value;
  return v === "done" || v === "skip";
}

/** Only a string counts (legacy files are untrusted: a number or object is no text). */
const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * Map legacy entries into brain.jsonl entries, skipping what the brain already has (Rho's rules), with one
 * fix: keyed types get their deterministic ids, so a later `remove type=identity key=…` finds them.
 * Ends with the `migration.v2 = done` meta marker.
 */
export function planMigration(
  legacy: LegacyInput,
  state: FoldState,
  now: Date,
  sha256: Sha256Hex,
  random: RandomHex,
): { entries: BaseEntry[]; stats: MigrationStats } {
  const stats: MigrationStats = {
    behaviors: 0,
    identity: 0,
    user: 0,
    learnings: 0,
    preferences: 0,
    contexts: 0,
    tasks: 0,
    skipped: 0,
  };
  const nowIso = now.toISOString();
  const out: BaseEntry[] = [];
  const created = (e: Record<string, unknown>) => {
    const c = str(e.created);
    return c && !Number.isNaN(Date.parse(c)) ? c : nowIso;
  };
  const texts = new Set<string>();
  for (const t of ["learning", "preference"] as const)
    for (const r of state.list(t)) texts.add(normalizeText(str(r.entry.text)));

  for (const e of legacy.core) {
    if (e.type === "behavior" && str(e.text) && ["do", "dont", "value"].includes(str(e.category))) {
      if (state.list("behavior").some((b) => b.entry.text === e.text && b.entry.category === e.category))
        stats.skipped++;
      else {
        out.push({
          id: random(4),
          type: "behavior",
          category: e.category,
          text: e.text,
          created: created(e),
        });
        stats.behaviors++;
      }
    } else if ((e.type === "identity" || e.type === "user") && str(e.key)) {
      const type = e.type;
      if (state.findKeyed(type, str(e.key))) stats.skipped++;
      else {
        out.push({
          id: deterministicId(type, str(e.key), sha256),
          type,
          key: e.key,
          value: str(e.value),
          created: created(e),
        });
        if (type === "identity") stats.identity++;
        else stats.user++;
      }
    } else stats.skipped++;
  }
  for (const e of legacy.memory) {
    const text = str(e.text).trim();
    const norm = normalizeText(text);
    if ((e.type !== "learning" && e.type !== "preference") || !text || texts.has(norm)) {
      stats.skipped++;
      continue;
    }
    texts.add(norm);
    if (e.type === "learning") {
      out.push({ id: random(4), type: "learning", text, source: "migration", created: created(e) });
      stats.learnings++;
    } else {
      out.push({
        id: random(4),
        type: "preference",
        text,
        category: str(e.category) || "General",
        created: created(e),
      });
      stats.preferences++;
    }
  }
  for (const e of legacy.context) {
    const path = str(e.path);
    if (e.type !== "context" || !path || !str(e.content)) {
      stats.skipped++;
      continue;
    }
    if (state.list("context").some((c) => c.entry.path === path)) stats.skipped++;
    else {
      const project = str(e.project) || path.split("/").filter(Boolean).pop() || path;
      out.push({
        id: deterministicId("context", path, sha256),
        type: "context",
        project,
        path,
        content: e.content,
        created: created(e),
      });
      stats.contexts++;
    }
  }
  for (const e of legacy.tasks) {
    const description = str(e.description);
    if (!description || state.list("task").some((t) => t.entry.description === description)) {
      stats.skipped++;
      continue;
    }
    out.push({
      id: str(e.id) || random(4),
      type: "task",
      description,
      status: e.status === "done" ? "done" : "pending",
      priority: ["urgent", "high", "normal", "low"].includes(str(e.priority)) ? e.priority : "normal",
      tags: Array.isArray(e.tags) ? e.tags.map(String) : [],
      due: str(e.due) || null,
      completedAt: str(e.completedAt) || null,
      created: created(e),
    });
    stats.tasks++;
  }
  out.push({
    id: deterministicId("meta", MIGRATION_KEY, sha256),
    type: "meta",
    key: MIGRATION_KEY,
    value: "done",
    created: nowIso,
  });
  return { entries: out, stats };
}
