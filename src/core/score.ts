import { HIGH, LOW, MANUAL, PINNED, PROJECT, type Rec } from "./rec.ts";

const DAY_MS = 86_400_000;

/** Whole days since `createdMs`, never negative (Rho's daysSince). NaN dates count as age 0, as in Rho. */
export function daysSince(createdMs: number, nowMs: number): number {
  const d = Math.floor((nowMs - createdMs) / DAY_MS);
  return Number.isFinite(d) ? Math.max(0, d) : 0;
}

export interface ScoreInput {
  createdMs: number;
  scope?: unknown;
  projectPath?: unknown;
  source?: unknown;
}

/** Rho's test for "cwd is under projectPath": a plain string prefix. */
export const rhoUnder = (projectPath: string, cwd: string): boolean => cwd.startsWith(projectPath);

/**
 * Rho's learning score: recency 0–10 (minus one a week), +5 project scope under cwd, +2 manual. `under`
 * decides whether cwd is inside projectPath (Rho's string prefix by default; the context pipeline passes a
 * path-segment test so `/foo` does not count as under `/foobar`'s project).
 */
export function scoreLearning(l: ScoreInput, cwd: string, nowMs: number, under = rhoUnder): number {
  const recency = Math.max(0, 10 - Math.floor(daysSince(l.createdMs, nowMs) / 7));
  const scope =
    l.scope === "project" && typeof l.projectPath === "string" && l.projectPath && under(l.projectPath, cwd)
      ? 5
      : 0;
  const manual = l.source === "manual" ? 2 : 0;
  return recency + scope + manual;
}

/**
 * Points for `importance` (seed 002; not in Rho's score): high is worth three weeks of recency, low takes
 * as much away. Absent or "medium": 0, so a brain written by Rho scores exactly as Rho scores it.
 */
export const IMPORTANCE_POINTS = { high: 3, low: -3 } as const;
/** The highest score a learning can reach (recency 10 + scope 5 + manual 2 + high importance 3). */
export const MAX_SCORE = 20;

export function importancePoints(flags: number): number {
  return flags & HIGH ? IMPORTANCE_POINTS.high : flags & LOW ? IMPORTANCE_POINTS.low : 0;
}

/** `pinned: true`: shown in every context (src/context/sources/pinned.ts). */
export function isPinned(r: Rec): boolean {
  return (r.flags & PINNED) !== 0;
}

/** Pinned or of high importance: kept by decay whatever its age and score. */
export function neverDecays(r: Rec): boolean {
  return (r.flags & (HIGH | PINNED)) !== 0;
}

/**
 * A record's score from the fields it keeps unparsed (no JSON.parse per learning): Rho's score plus the
 * importance points, never below 0. `rho` leaves importance out (the `--compat rho` prompt).
 */
export function scoreRec(r: Rec, cwd: string, nowMs: number, under = rhoUnder, rho = false): number {
  if (rho) return rhoScoreRec(r, cwd, nowMs, under);
  const path = r.projectPath;
  return scoreOf(r.createdMs, r.flags, (r.flags & PROJECT) !== 0 && !!path && under(path, cwd), nowMs);
}

/**
 * scoreRec's arithmetic from numbers: `inProject` when the learning is project-scoped with a projectPath that
 * holds the working directory (+5). Recency 0–10, +2 manual, the importance points; never below 0.
 */
export function scoreOf(createdMs: number, flags: number, inProject: boolean, nowMs: number): number {
  return Math.max(0, recencyOf(createdMs, nowMs) + bonusOf(flags, inProject));
}

/** Recency 0–10: one less a week of age. */
export function recencyOf(createdMs: number, nowMs: number): number {
  return Math.max(0, 10 - Math.floor(daysSince(createdMs, nowMs) / 7));
}

/** Everything of the score but recency: +5 in its project, +2 manual, the importance points. */
export function bonusOf(flags: number, inProject: boolean): number {
  return (inProject ? 5 : 0) + (flags & MANUAL ? 2 : 0) + importancePoints(flags);
}

function rhoScoreRec(r: Rec, cwd: string, nowMs: number, under: (p: string, cwd: string) => boolean): number {
  return scoreLearning(
    {
      createdMs: r.createdMs,
      scope: r.flags & PROJECT ? "project" : undefined,
      projectPath: r.projectPath,
      source: r.flags & MANUAL ? "manual" : undefined,
    },
    cwd,
    nowMs,
    under,
  );
}
