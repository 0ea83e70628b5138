import { dayOf } from "../core/episode.ts";
import { oneLine } from "../core/one-line.ts";
import { pathContains } from "../core/rank-learnings.ts";
import { tailObjects } from "../store/jsonl/text-lines.ts";

/** How much of the end of episodes.jsonl the "Recently in this project" block reads (the newest sessions). */
export const TAIL_BYTES = 512 * 1024;
/** Sessions listed, newest first. */
export const MAX_SESSIONS = 3;
const REQUEST_CHARS = 120;
const MAX_FILES = 3;
/** A path-like token: a file name with an extension, possibly under directories (`src/a.ts`, `README.md`). */
const PATH =
  /(?:^|[\s`'"(])((?:[\w.@-]+\/)*[\w@-][\w.@-]*\.[A-Za-z][A-Za-z0-9]{0,5})(?=$|[\s`'"),:;]|[.!?](?:\s|$))/g;

/** One line of "Recently in this project", with the id of the stored summary it shows (if it shows one). */
export interface RecentSession {
  text: string;
  /** The summary episode shown: a prompt's memories beside this block do not repeat it. */
  entryIds: string[];
}

/**
 * The last few sessions in a project, one line each, from the episodes the learner stored (each tagged with
 * its project, the repository root of the session's working directory): the session's summary when one is
 * stored (an episode with `role: "summary"`; the newest in log order when a session has several), else its
 * first request and the files its turns name. Pure.
 */
export function recentSessions(
  episodes: Iterable<Record<string, unknown>>,
  cwd: string,
  max = MAX_SESSIONS,
): RecentSession[] {
  const sessions = new Map<string, Record<string, unknown>[]>();
  for (const e of episodes) {
    if (e.type !== "episode" || typeof e.project !== "string" || !pathContains(e.project, cwd)) continue;
    const key = String(e.session ?? "");
    const turns = sessions.get(key);
    if (turns) turns.push(e);
    else sessions.set(key, [e]);
  }
  const last = (turns: Record<string, unknown>[]) => String(turns[turns.length - 1]?.date ?? "");
  return [...sessions.values()]
    .sort((a, b) => last(b).localeCompare(last(a)))
    .slice(0, max)
    .map((turns) => {
      const d = describe(turns);
      return { text: `- ${dayOf(last(turns))}: ${d.text}`, entryIds: d.entryIds };
    });
}

/** The lines alone (see `recentSessions`). */
export function sessionLines(
  episodes: Iterable<Record<string, unknown>>,
  cwd: string,
  max = MAX_SESSIONS,
): string[] {
  return recentSessions(episodes, cwd, max).map((s) => s.text);
}

function describe(turns: Record<string, unknown>[]): RecentSession {
  const summary = turns.findLast((t) => t.role === "summary" && typeof t.text === "string" && t.text.trim());
  if (summary)
    return {
      text: cut(oneLine(summary.text), 2 * REQUEST_CHARS),
      entryIds: typeof summary.id === "string" ? [summary.id] : [],
    };
  const isUser = (t: Record<string, unknown>) => (t.role ?? t.speaker) === "user";
  const first = turns.find((t) => isUser(t) && typeof t.text === "string" && t.text.trim());
  const request = first ? `"${cut(oneLine(first.text), REQUEST_CHARS)}"` : "(no request recorded)";
  const files = filesNamed(turns);
  return { text: files.length ? `${request} — files: ${files.join(", ")}` : request, entryIds: [] };
}

/** The files a session's turns name most often (ties: first named first). */
function filesNamed(turns: Record<string, unknown>[]): string[] {
  const count = new Map<string, number>();
  for (const t of turns) {
    if (typeof t.text !== "string") continue;
    for (const m of t.text.matchAll(PATH)) {
      const p = m[1] as string;
      if (/^\d/.test(p) || /^\w+\.(?:com|org|net|io)$/.test(p)) continue; // versions, hosts
      count.set(p, (count.get(p) ?? 0) + 1);
    }
  }
  return [...count]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_FILES)
    .map(([p]) => oneLine(p));
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The whole lines in the last `bytes` of a file, parsed (bad lines skipped); [] when it cannot be read. */
export function tailEntries(path: string, bytes = TAIL_BYTES): Record<string, unknown>[] {
  return tailObjects(path, bytes);
}
