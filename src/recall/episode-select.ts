import { BrainError } from "../core/errors.ts";
import type { Rec } from "../core/rec.ts";
import type { EpisodeLog } from "../store/episode-log.ts";

/** Which episodes a `forget` or `list type=episode` is about; every given field must match. */
export interface EpisodeFilter {
  /** The session's name as stored (see `brain list type=episode`). */
  session?: string;
  /** One turn: an episode id, or a turn's own id (`turn` field). */
  turn?: string;
  /** Episodes dated before this day or instant (ISO 8601). */
  before?: string;
  /** Episodes dated at or after this day or instant (ISO 8601). */
  after?: string;
  /** Episodes learned in this project (the repository root the session ran in). */
  project?: string;
}

function instant(field: string, v: string): number {
  const ms = Date.parse(v);
  if (Number.isNaN(ms))
    throw new BrainError(
      "INVALID",
      `${field} must be a date like 2026-01-31 or 2026-01-31T12:00:00Z (got "${v}")`,
      {
        field,
      },
    );
  return ms;
}

/** When an episode happened: its `date`, else when it was imported. */
export function episodeMs(rec: Rec): number {
  const d = Date.parse(String(rec.entry.date ?? ""));
  return Number.isNaN(d) ? rec.createdMs : d;
}

/** True when the filter names nothing (forget refuses that: it would mean everything). */
export function isEmptyFilter(f: EpisodeFilter): boolean {
  return !f.session && !f.turn && !f.before && !f.after && !f.project;
}

/** The episodes matching `f`, in log order (sessions in import order, turns in conversation order). */
export function selectEpisodes(log: EpisodeLog, f: EpisodeFilter): Rec[] {
  const before = f.before ? instant("before", f.before) : undefined;
  const after = f.after ? instant("after", f.after) : undefined;
  const project = f.project?.replace(/\/+$/, "");
  const pool = f.session
    ? (log.sessions.get(f.session)?.recs ?? [])
    : [...log.sessions.values()].flatMap((s) => s.recs);
  return pool.filter((rec) => {
    const e = rec.entry;
    if (f.turn && rec.id !== f.turn && e.turn !== f.turn) return false;
    if (project !== undefined && String(e.project ?? "").replace(/\/+$/, "") !== project) return false;
    if (before !== undefined || after !== undefined) {
      const ms = episodeMs(rec);
      if (Number.isNaN(ms)) return false;
      if (before !== undefined && ms >= before) return false;
      if (after !== undefined && ms < after) return false;
    }
    return true;
  });
}
