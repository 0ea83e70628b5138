import { BrainError } from "../core/errors.ts";
import { FoldView } from "../core/health.ts";
import type { Rec } from "../core/rec.ts";
import { validateEntry } from "../core/schema.ts";
import { dedupText } from "../core/text.ts";
import { DEDUP_TYPES, KEY_FIELD } from "../core/types.ts";
import type { BrainRecall } from "../engine-recall.ts";
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
function present(brain: BrainRecall, rec: Rec): boolean {
  if (brain.state.find(rec.id)) return true;
  if (DEDUP_TYPES.has(rec.type)) return brain.state.hasText(dedupText(rec.entry as Record<string, unknown>));
  const keyField = KEY_FIELD[rec.type];
  if (keyField === "key") {
    const key = rec.entry.key;
    return typeof key === "string" && brain.state.findKeyed(rec.type as "identity", key) !== undefined;
  }
  return false;
}

/**
 * Import a JSONL brain (from `brain export`, another Brain's brain.jsonl, a Rho brain) into this one. The
 * input is folded first (its updates and removals applied), then each live entry the brain does not have yet
 * (by id; by key for identity/user/meta; by text for learnings and preferences, as `add` dedups) is appended as it was written, in one locked append; episodes go to
 * episodes.jsonl, also by id. Importing twice adds nothing. Lines that are not entries, entries that do not
 * validate and unknown types are reported with their line numbers and not imported; the input is only read.
 */
export function importBrain(brain: BrainRecall, file: string, dryRun: boolean): ImportReport {
  assertRegularFile(file, "an import");
  const sink = new InputSink();
  const scan = scanLog(file, START, sink);
  if (scan.tornTail) sink.problems.push({ line: scan.tornTail.line, reason: "incomplete last line" });
  const entries = [...sink.view.state.live()].filter((r) => validated(r, sink.problems));
  const episodes = [...sink.episodes.values()].filter((r) => validated(r, sink.problems));
  if (entries.length === 0 && episodes.length === 0 && sink.lines === 0)
    throw new BrainError(
      "INVALID",
      `${file} holds no brain entries${sink.problems.length ? ` (line ${sink.problems[0]?.line}: ${sink.problems[0]?.reason})` : " (empty)"}: expected JSONL from brain export, brain.jsonl or a Rho brain`,
    );
  sink.problems.sort((a, b) => a.line - b.line);
  const plan = () => {
    brain.refresh();
    return entries.filter((r) => !present(brain, r));
  };
  let fresh: Rec[];
  if (dryRun) fresh = plan();
  else
    fresh = brain.store.withLock(() => {
      const f = plan();
      if (f.length > 0) brain.store.append(f.map((r) => r.raw));
      return f;
    }, "import");
  brain.refresh();
  const log = brain.recallEngine.episodes;
  log.refresh();
  const newEpisodes = episodes.filter((r) => !log.byId.has(r.id) && !log.forgotten.has(r.id));
  if (!dryRun && newEpisodes.length > 0)
    log.appendNew(
      newEpisodes.map((r) => r.entry),
      (e) => validateEntry(e),
    );
  return {
    file,
    dryRun,
    added: fresh.length,
    existing: entries.length - fresh.length,
    episodesAdded: newEpisodes.length,
    episodesExisting: episodes.length - newEpisodes.length,
    ids: [...fresh, ...newEpisodes].map((r) => r.id),
    problems: sink.problems,
  };
}
