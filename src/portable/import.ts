import { BrainError } from "../core/errors.ts";
import type { FoldState } from "../core/fold.ts";
import { oneLiner } from "../core/format.ts";
import { FoldView } from "../core/health.ts";
import type { Rec } from "../core/rec.ts";
import { validateEntry } from "../core/schema.ts";
import { dedupText } from "../core/text.ts";
import { type BaseEntry, DEDUP_TYPES, KEY_FIELD } from "../core/types.ts";
import type { Brain } from "../engine/brain.ts";
import { appendEpisodeEntries } from "../recall/ingest/append.ts";
import { START } from "../store/event-store.ts";
import { assertRegularFile } from "../store/file-kind.ts";
import { type ScanSink, scanLog } from "../store/scan.ts";

/** A line of the input that was not imported, and why. */
export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportReport {
  file: string;
  dryRun: boolean;
  /** Live entries imported into brain.jsonl (or that would be). */
  added: number;
  /** Entries whose id (or key) the brain already has: left as they are. */
  existing: number;
  episodesAdded: number;
  episodesExisting: number;
  /** Ids imported (brain entries, then episodes). */
  ids: string[];
  /** Entries imported with `pinned: true`: shown at the start of every session (said out loud). */
  pinned: { id: string; text: string }[];
  problems: ImportProblem[];
}

/** Folds the input like a brain log (updates and tombstones applied), keeps its episodes apart. */
class InputSink implements ScanSink {
  readonly view = new FoldView();
  readonly episodes = new Map<string, Rec>();
  readonly problems: ImportProblem[] = [];
  lines = 0;
  accepts(type: string): boolean {
    return type === "episode";
  }
  rec(rec: Rec): void {
    this.lines++;
    if (rec.type === "episode") {
      if (!this.episodes.has(rec.id)) this.episodes.set(rec.id, rec);
    } else if (rec.type === "tombstone" && rec.entry.target_type === "episode")
      this.episodes.delete(String(rec.entry.target_id));
    else this.view.rec(rec);
  }
  bad(b: { line: number; reason: string }): void {
    this.problems.push({ line: b.line, reason: b.reason });
  }
  unknownType(line: number, type: string): void {
    this.problems.push({ line, reason: `unknown type "${type}" (not imported)` });
  }
  warning(): void {}
}

function validated(rec: Rec, problems: ImportProblem[]): boolean {
  try {
    validateEntry(rec.entry as Record<string, unknown>);
    return true;
  } catch (err) {
    problems.push({ line: rec.line, reason: (err as Error).message });
    return false;
  }
}

/** True when the brain already holds this entry: its id, its key (identity/user/meta), or its text (as `add` dedups). */
function present(state: FoldState, rec: Rec): boolean {
  if (state.find(rec.id)) return true;
  if (DEDUP_TYPES.has(rec.type)) return state.hasText(dedupText(rec.entry as Record<string, unknown>));
  const keyField = KEY_FIELD[rec.type];
  if (keyField === "key") {
    const key = rec.entry.key;
    return typeof key === "string" && state.findKeyed(rec.type as "identity", key) !== undefined;
  }
  return false;
}

/**
 * Import a JSONL brain (from `brain export`, another Brain's brain.jsonl, a Rho brain) into this one. The
 * input is folded first (its updates and removals applied); each live entry the brain does not have yet (by
 * id; by key for identity/user/meta; by text for learnings and preferences, as `add` dedups) goes through the
 * write gate, like `brain add`: the schema, the size and field limits, the secret policy, dedup. An entry
 * removed in this brain is not brought back. Episodes go to episodes.jsonl, redacted like an ingest. Importing
 * twice adds nothing. Whatever is not imported is reported with its line number; what was pinned (shown at
 * every session start) is listed. The input is only read; a dry run runs every check and writes nothing.
 */
export async function importBrain(brain: Brain, file: string, dryRun: boolean): Promise<ImportReport> {
  assertRegularFile(file, "an import");
  const sink = new InputSink();
  const scan = scanLog(file, START, sink);
  if (scan.tornTail) sink.problems.push({ line: scan.tornTail.line, reason: "incomplete last line" });
  const entries = [...sink.view.state.live()];
  const episodes = [...sink.episodes.values()].filter((r) => validated(r, sink.problems));
  if (entries.length === 0 && episodes.length === 0 && sink.lines === 0)
    throw new BrainError(
      "INVALID",
      `${file} holds no brain entries${sink.problems.length ? ` (line ${sink.problems[0]?.line}: ${sink.problems[0]?.reason})` : " (empty)"}: expected JSONL from brain export, brain.jsonl or a Rho brain`,
    );
  brain.refresh();
  const values = new Map<Record<string, unknown>, Rec>(entries.map((r) => [{ ...r.entry }, r]));
  const lineOf = (v: Record<string, unknown>) => values.get(v)?.line ?? 0;
  let existing = 0;
  const refusedHere = new Set<Record<string, unknown>>();
  const written = await brain.core.gate.write({
    purpose: "import",
    values: [...values.keys()],
    dryRun,
    plan: (state, refused) => {
      existing = 0;
      const out: BaseEntry[] = [];
      for (const [v, rec] of values) {
        if (refused.has(v)) continue;
        if (present(state, rec)) existing++;
        else if (state.tombstoned.has(rec.id))
          sink.problems.push({
            line: rec.line,
            reason: `${rec.type} ${rec.id} was removed in this brain: not brought back`,
          });
        else out.push(v as BaseEntry);
      }
      return { entries: out, result: out };
    },
    onRefused: (v, err) => {
      refusedHere.add(v);
      sink.problems.push({ line: lineOf(v), reason: err.message });
    },
  });
  const kept = written.filter((e) => !refusedHere.has(e));
  const log = brain.recallEngine.episodes;
  log.refresh();
  const newEpisodes = episodes.filter((r) => !log.has(r.id) && !log.forgotten.has(r.id));
  for (const r of episodes)
    if (log.forgotten.has(r.id))
      sink.problems.push({
        line: r.line,
        reason: `episode ${r.id} was forgotten in this brain: not brought back`,
      });
  if (!dryRun && newEpisodes.length > 0)
    await appendEpisodeEntries(
      log,
      newEpisodes.map((r) => ({ ...r.entry })),
      brain.settings.secrets !== "allow",
    );
  sink.problems.sort((a, b) => a.line - b.line);
  return {
    file,
    dryRun,
    added: kept.length,
    existing,
    episodesAdded: newEpisodes.length,
    episodesExisting: episodes.length - newEpisodes.length,
    ids: [...kept.map((e) => e.id), ...newEpisodes.map((r) => r.id)],
    pinned: kept.filter((e) => e.pinned === true).map((e) => ({ id: e.id, text: oneLiner(e) })),
    problems: sink.problems,
  };
}
