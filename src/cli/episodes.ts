import * as path from "node:path";
import { dayOf } from "../core/episode.ts";
import { BrainError } from "../core/errors.ts";
import { oneLine } from "../core/one-line.ts";
import type { Params } from "../core/params.ts";
import { Brain } from "../engine/brain.ts";
import type { EpisodeFilter } from "../recall/episode-select.ts";
import { type GlobalOpts, openLayer } from "./open-layer.ts";
import { print, printJson } from "./output.ts";

export interface ForgetOpts extends GlobalOpts {
  session?: string;
  turn?: string;
  before?: string;
  project?: string;
  dryRun?: boolean;
}

/** One episode as a line: `e1234… [2026-01-31] session s1, turn 4, user: text…`. */
function episodeLine(e: Record<string, unknown>): string {
  const text = oneLine(e.text);
  const date = typeof e.date === "string" ? `[${oneLine(dayOf(e.date))}] ` : "";
  return `- ${e.id} ${date}session ${oneLine(e.session)}, turn ${oneLine(e.turn)}, ${oneLine(e.speaker)}: ${
    text.length > 100 ? `${text.slice(0, 100)}…` : text
  }`;
}

/** A project given on the command line is a directory: made absolute against --cwd, as the learner stores it. */
function projectPath(p: string | undefined, g: GlobalOpts): string | undefined {
  return p === undefined ? undefined : path.resolve(g.cwd ?? process.cwd(), p);
}

/** `brain forget --session S | --turn T | --before DATE | --project DIR [--dry-run]`: asks nothing, says what went. */
export async function runForget(o: ForgetOpts): Promise<number> {
  const { brain } = openLayer(Brain, o);
  const project = projectPath(o.project, o);
  const r = await brain.forgetEpisodes({
    ...(o.session !== undefined ? { session: o.session } : {}),
    ...(o.turn !== undefined ? { turn: o.turn } : {}),
    ...(o.before !== undefined ? { before: o.before } : {}),
    ...(project !== undefined ? { project } : {}),
    dryRun: Boolean(o.dryRun),
  });
  if (o.json) {
    printJson({ ok: true, ...r });
    return 0;
  }
  const n = `${r.forgotten} episode${r.forgotten === 1 ? "" : "s"}`;
  if (r.forgotten === 0) print("No episode matches: nothing forgotten.");
  else print([`${r.dryRun ? "Would forget" : "Forgot"} ${n}:`, ...r.episodes.map(episodeLine)].join("\n"));
  return 0;
}

const LIST_EPISODE_PARAMS = new Set([
  "action",
  "type",
  "session",
  "turn",
  "project",
  "before",
  "after",
  "limit",
  "offset",
]);

function count(p: Params, k: string, dflt: number): number {
  const v = p[k];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new BrainError("INVALID", `field "${k}" must be a whole number`, { field: k });
  return n;
}

/** `brain list type=episode [session=…] [project=…] [before=…] [after=…] [turn=…] [limit] [offset]`. */
export async function runListEpisodes(p: Params, g: GlobalOpts): Promise<number> {
  for (const k of Object.keys(p))
    if (!LIST_EPISODE_PARAMS.has(k))
      throw new BrainError(
        "INVALID",
        `unknown parameter ${k} for list type=episode (session, turn, project, before, after, limit, offset)`,
        { field: k },
      );
  const filter: EpisodeFilter = {};
  for (const k of ["session", "turn", "before", "after"] as const)
    if (typeof p[k] === "string") filter[k] = p[k];
  const project = projectPath(typeof p.project === "string" ? p.project : undefined, g);
  if (project) filter.project = project;
  const { brain } = openLayer(Brain, g);
  const r = brain.listEpisodes(filter, { limit: count(p, "limit", 100), offset: count(p, "offset", 0) });
  if (g.json) {
    printJson({ ok: true, action: "list", data: r });
    return 0;
  }
  if (r.total === 0) {
    print("No episodes.");
    return 0;
  }
  const more =
    r.offset + r.episodes.length < r.total
      ? `\n\n(showing ${r.offset + 1}–${r.offset + r.episodes.length} of ${r.total}; use offset=${r.offset + r.episodes.length} for more)`
      : "";
  print(`Episodes (${r.total}):\n${r.episodes.map(episodeLine).join("\n")}${more}`);
  return 0;
}
