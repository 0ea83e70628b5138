import { basename } from "node:path";
import type { Turn } from "../../core/episode.ts";
import { crypto } from "../../store/crypto.ts";
import type { EpisodeLog } from "../../store/episode-log.ts";
import { checkFormat, type IngestOptions, type IngestResult, readTranscript } from "./ingest.ts";
import { isSqliteFile, loadSqlite } from "./opencode-db.ts";

/** Episodes are appended in batches of this many (one lock and one write each). */
const BATCH = 5000;

/**
 * Import a conversation transcript as episodes into the episode log (episodes.jsonl; never brain.jsonl).
 * Formats: Claude Code and pi session JSONL, OpenAI messages, LoCoMo, generic JSONL (detected, or
 * `format`). Idempotent: ids derive from session + turn, so importing a file twice adds nothing. The
 * caller brings the relevance index up to date afterwards (`Brain.ingest` does).
 */
export async function appendTranscript(
  log: EpisodeLog,
  path: string,
  now: Date,
  opts: IngestOptions = {},
  /** Redact secrets in the turns' text and speakers (the policy for transcripts; off with `secrets: "allow"`). */
  redactSecrets = true,
): Promise<IngestResult> {
  checkFormat(opts.format);
  if (opts.format === "opencode" || isSqliteFile(path)) await loadSqlite();
  const parsed = readTranscript(path, opts);
  const r = await appendTurns(log, parsed.turns, `${parsed.format}:${basename(path)}`, now, {
    redactSecrets,
    ...(opts.progress ? { progress: opts.progress } : {}),
  });
  return {
    file: path,
    format: parsed.format,
    turns: parsed.turns.length,
    added: r.added,
    existing: r.existing,
    forgotten: r.forgotten,
    skipped: parsed.skipped,
    sessions: new Set(parsed.turns.map((t) => t.session)).size,
    problems: parsed.problems,
    redacted: r.redacted,
  };
}

export interface AppendTurnsOptions {
  redactSecrets?: boolean;
  /** Fields added to every episode (e.g. `project`: the repository the session ran in). */
  extra?: Record<string, string>;
  progress?: (done: number, total: number) => void;
}

/** Append parsed turns as episodes (ids from session + turn: turns already in the log are not repeated). */
export async function appendTurns(
  log: EpisodeLog,
  turns: Turn[],
  source: string,
  now: Date,
  opts: AppendTurnsOptions = {},
): Promise<{ added: number; existing: number; forgotten: number; redacted: number }> {
  const redacted = await redactTurns(turns, opts.redactSecrets ?? true);
  const { validateEntry } = await import("../../core/schema.ts");
  const { toEpisode } = await import("../../core/episode.ts");
  const created = now.toISOString();
  const entries = turns.map((t) => ({
    ...toEpisode(t, source, created, (s) => crypto().createHash("sha256").update(s).digest("hex")),
    ...opts.extra,
  }));
  let added = 0;
  for (let i = 0; i < entries.length; i += BATCH) {
    added += log.appendNew(entries.slice(i, i + BATCH), validateEntry);
    opts.progress?.(Math.min(i + BATCH, entries.length), entries.length);
  }
  const unique = new Set(entries.map((e) => e.id));
  // Forgotten turns stay forgotten (appendNew skips them): counted apart, so a re-import says why it added none.
  let forgotten = 0;
  for (const id of unique) if (log.forgotten.has(id)) forgotten++;
  return { added, existing: Math.max(0, unique.size - added - forgotten), forgotten, redacted };
}

/**
 * Episode entries written elsewhere (an import of `brain export`) appended like ingested turns: secrets in
 * their text and speaker redacted under the same policy, schema-checked, turns already in the log (or
 * forgotten) not repeated. Returns how many were added and how many secrets were redacted.
 */
export async function appendEpisodeEntries(
  log: EpisodeLog,
  entries: Record<string, unknown>[],
  redactSecrets: boolean,
): Promise<{ added: number; redacted: number }> {
  let redacted = 0;
  if (redactSecrets && entries.length > 0) {
    const { redactAll } = await import("../../guards/write-guard.ts");
    const str = (v: unknown) => (typeof v === "string" ? v : "");
    const r = await redactAll([...entries.map((e) => str(e.text)), ...entries.map((e) => str(e.speaker))]);
    entries = entries.map((e, i) => ({
      ...e,
      ...(typeof e.text === "string" ? { text: r.texts[i] } : {}),
      ...(typeof e.speaker === "string" ? { speaker: r.texts[entries.length + i] } : {}),
    }));
    redacted = r.count;
  }
  const { validateEntry } = await import("../../core/schema.ts");
  const added = log.appendNew(entries as { id: string }[], validateEntry);
  return { added, redacted };
}

/** Secrets in the turns' text and speaker names, redacted in place (ingest never refuses a transcript). */
async function redactTurns(turns: Turn[], scan: boolean): Promise<number> {
  if (!scan || turns.length === 0) return 0;
  const { redactAll } = await import("../../guards/write-guard.ts");
  const r = await redactAll([...turns.map((t) => t.text), ...turns.map((t) => t.speaker)]);
  turns.forEach((t, i) => {
    t.text = r.texts[i] as string;
    t.speaker = r.texts[turns.length + i] as string;
  });
  return r.count;
}
