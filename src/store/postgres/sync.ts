import * as fs from "node:fs";
import type { JsonlFileStore } from "../jsonl/file-store.ts";
import type { AppendOutcome } from "./protocol.ts";
import type { PostgresStore } from "./store.ts";

/**
 * `brain sync push|pull`: copy entries between a local JSONL brain and a team store. Lines travel as they
 * are (byte for byte), so a line is recognised on the other side by its text: a second run, or pulling back
 * what was pushed, adds nothing. Bad lines and unknown text never travel.
 */
export interface SyncSummary {
  direction: "push" | "pull";
  dryRun: boolean;
  /** Entry lines on the sending side. */
  considered: number;
  added: number;
  /** Already on the receiving side. */
  present: number;
  /** Refused by the team store: a live learning or preference of that namespace has the same text. */
  duplicate: number;
}

/** Whole entry lines of a text (JSON objects with a type and an id), in order, without repeats. */
export function entryLines(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (!line.startsWith("{")) continue;
    try {
      const o = JSON.parse(line) as Record<string, unknown>;
      if (typeof o.type === "string" && o.type && typeof o.id === "string" && o.id) out.add(line);
    } catch {
      /* a bad line stays where it is */
    }
  }
  return [...out];
}

function readLog(path: string): string {
  try {
    return fs.readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw err;
  }
}

class DryRun extends Error {
  constructor(readonly outcomes: AppendOutcome[]) {
    super("dry run");
  }
}

export function push(local: JsonlFileStore, team: PostgresStore, dryRun: boolean): SyncSummary {
  const lines = entryLines(readLog(local.path));
  let outcomes: AppendOutcome[];
  try {
    // One transaction under the write lock; a dry run rolls it back after seeing what the server would do.
    outcomes = team.withLock(() => {
      const o = team.appendChecked(lines);
      if (dryRun) throw new DryRun(o);
      return o;
    }, "sync push");
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
    outcomes = err.outcomes;
  }
  const count = (k: AppendOutcome) => outcomes.filter((o) => o === k).length;
  return {
    direction: "push",
    dryRun,
    considered: lines.length,
    added: count("added"),
    present: count("present"),
    duplicate: count("duplicate"),
  };
}

export function pull(local: JsonlFileStore, team: PostgresStore, dryRun: boolean): SyncSummary {
  const lines = entryLines(team.lines().join("\n"));
  const missing = (have: Set<string>) => lines.filter((l) => !have.has(l));
  const have = () => new Set(entryLines(readLog(local.path)));
  let added = dryRun ? missing(have()).length : 0;
  if (!dryRun) {
    added = local.withLock(() => {
      const todo = missing(have());
      if (todo.length > 0) local.append(todo);
      return todo.length;
    }, "sync pull");
  }
  return {
    direction: "pull",
    dryRun,
    considered: lines.length,
    added,
    present: lines.length - added,
    duplicate: 0,
  };
}
