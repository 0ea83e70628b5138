import { SAME_FAILURE, similarity } from "../core/failure-signature.ts";
import type { FeedbackRecord } from "../core/feedback.ts";

/**
 * The failure index's fold (issue 28, "you have seen this before"): ledger records in, failures out — each
 * failure (tool, normalised command, error signature, project) with how often it happened, when last, and
 * what happened after it in the same session: the call that passed (the fix), the edits before it, the
 * user's correction; an accepted rule is added by the proposals (src/improve/proposals.ts). Pure: records
 * and the previous index in, the next index out (the caller saves it).
 *
 * A fix is the first later success in the same session, within `FIX_WINDOW_MS` and `FIX_WITHIN_CALLS` calls:
 *   - the same tool running a command with the same program or a shared word (`pnpm test` after `npm test`,
 *     `sudo -u deploy ./deploy.sh` after `./deploy.sh`), or the same tool for other tools;
 *   - edits (files written) between the failure and that success are kept with it, each with the excerpt of
 *     its change the tool event kept (the last one to that file: the text replaced → the new text).
 * A correction is one the user gave in the same session within `FIX_WINDOW_MS` after the failure.
 */
/** An edit's change as the index keeps it: the file, and the excerpt of the text replaced and the new text. */
export interface EditChange {
  path: string;
  before?: string;
  after?: string;
}

export interface FailureEntry {
  tool: string;
  /** The normalised command ("" for other tools). */
  cmd: string;
  sig: string;
  project?: string;
  count: number;
  first: string;
  last: { at: string; session?: string; target?: string; error?: string };
  fix?: {
    what: string;
    kind: "command" | "edit" | "retry" | "tool";
    at: string;
    session?: string;
    edits?: string[];
    /** The edits' changes, where the tool events kept one (an index written before them has none). */
    changes?: EditChange[];
  };
  correction?: { text: string; at: string; session?: string };
  rule?: { text: string; file: string; at: string; proposal: string };
}

export interface Pending {
  /** The entry's key (entryKey): found again by it, so trimming the entries never points it elsewhere. */
  key: string;
  session: string;
  at: string;
  tool: string;
  cmd: string;
  target?: string;
  calls: number;
  edits: string[];
  changes?: EditChange[];
}

export interface FailureIndexDoc {
  v: 1;
  entries: FailureEntry[];
  pending: Pending[];
}

export const FIX_WINDOW_MS = 30 * 60_000;
export const FIX_WITHIN_CALLS = 25;
export const MAX_ENTRIES = 400;
const MAX_PENDING = 100;
const MAX_EDITS = 3;

export const entryKey = (e: Pick<FailureEntry, "tool" | "cmd" | "sig" | "project">) =>
  `${e.tool}\u0000${e.cmd}\u0000${e.project ?? ""}\u0000${e.sig}`;

export function emptyIndex(): FailureIndexDoc {
  return { v: 1, entries: [], pending: [] };
}

const within = (from: string, to: string, ms: number) => {
  const d = Date.parse(to) - Date.parse(from);
  return d >= 0 && d <= ms;
};

/** The entry a failure belongs to: same tool, command and project, a similar error. */
export function findEntry(
  entries: readonly FailureEntry[],
  f: { tool: string; cmd: string; sig: string; project?: string | undefined },
): FailureEntry | undefined {
  let best: FailureEntry | undefined;
  let bestSim = SAME_FAILURE;
  for (const e of entries) {
    if (e.tool !== f.tool || e.cmd !== f.cmd || (e.project ?? "") !== (f.project ?? "")) continue;
    const s = similarity(e.sig, f.sig);
    if (s >= bestSim) {
      best = e;
      bestSim = s;
    }
  }
  return best;
}

const words = (s: string) => new Set(s.split(/\s+/).filter((w) => w.length > 1 && !w.startsWith("-")));

/** Whether a later success is the fix of a failed call: see the module's comment. */
function fixes(p: Pending, ok: FeedbackRecord): boolean {
  if (ok.tool !== p.tool) return false;
  if (!p.cmd) return true;
  if (!ok.cmd) return false;
  const a = words(p.cmd);
  const b = words(ok.cmd);
  const [progA] = p.cmd.split(" ");
  const [progB] = ok.cmd.split(" ");
  if (progA === progB) return true;
  for (const w of a) if (b.has(w)) return true;
  return false;
}

function onFailure(doc: FailureIndexDoc, r: FeedbackRecord): void {
  const f = { tool: r.tool ?? "", cmd: r.cmd ?? "", sig: r.sig ?? "", project: r.project };
  let e = findEntry(doc.entries, f);
  if (!e) {
    e = { ...f, count: 0, first: r.at, last: { at: r.at } };
    if (!f.project) delete e.project;
    doc.entries.push(e);
  }
  e.count++;
  e.last = {
    at: r.at,
    ...(r.session ? { session: r.session } : {}),
    ...(r.target ? { target: r.target } : {}),
    ...(r.error ? { error: r.error } : {}),
  };
  if (r.session) {
    // A failure again in the same session replaces the one waiting for its fix.
    const key = entryKey(e);
    doc.pending = doc.pending.filter((p) => !(p.key === key && p.session === r.session));
    doc.pending.push({
      key,
      session: r.session,
      at: r.at,
      tool: f.tool,
      cmd: f.cmd,
      ...(r.target ? { target: r.target } : {}),
      calls: 0,
      edits: [],
    });
  }
}

function onSuccess(doc: FailureIndexDoc, r: FeedbackRecord): void {
  for (const p of doc.pending) {
    if (p.session !== r.session) continue;
    p.calls++;
    if (r.toolKind !== "edit" || !r.target) continue;
    if (p.edits.length < MAX_EDITS && !p.edits.includes(r.target)) p.edits.push(r.target);
    if (p.edits.includes(r.target) && r.after !== undefined) {
      const change: EditChange = {
        path: r.target,
        ...(r.before !== undefined ? { before: r.before } : {}),
        after: r.after,
      };
      // The last edit of a file before the success is the change closest to what made it pass.
      p.changes = [...(p.changes ?? []).filter((c) => c.path !== r.target), change];
    }
  }
  const done: Pending[] = [];
  for (const p of doc.pending) {
    if (p.session !== r.session || !within(p.at, r.at, FIX_WINDOW_MS) || !fixes(p, r)) continue;
    const e = doc.entries.find((x) => entryKey(x) === p.key);
    done.push(p);
    if (!e) continue;
    const same = r.target !== undefined && r.target === p.target;
    const kind = !p.cmd ? "tool" : same ? (p.edits.length ? "edit" : "retry") : "command";
    // A plain re-run that passed says less than an earlier change that made it pass: keep that one.
    if (kind === "retry" && e.fix && e.fix.kind !== "retry") continue;
    e.fix = {
      what: r.target ?? r.tool ?? "",
      kind,
      at: r.at,
      ...(r.session ? { session: r.session } : {}),
      ...(p.edits.length ? { edits: [...p.edits] } : {}),
      ...(p.edits.length && p.changes?.length ? { changes: p.changes.map((c) => ({ ...c })) } : {}),
    };
  }
  if (done.length) doc.pending = doc.pending.filter((p) => !done.includes(p));
}

function onCorrection(doc: FailureIndexDoc, r: FeedbackRecord): void {
  if (!r.session || !r.text) return;
  for (const e of doc.entries)
    if (e.last.session === r.session && within(e.last.at, r.at, FIX_WINDOW_MS))
      e.correction = { text: r.text, at: r.at, session: r.session };
}

/** Fold ledger records (in time order) into the index; returns it (the same object, changed). */
export function foldFailures(doc: FailureIndexDoc, records: readonly FeedbackRecord[]): FailureIndexDoc {
  const sorted = [...records].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (const r of sorted) {
    if (r.kind === "tool" && r.outcome === "error" && r.tool) onFailure(doc, r);
    else if (r.kind === "tool" && r.outcome === "ok") onSuccess(doc, r);
    else if (r.kind === "correction") onCorrection(doc, r);
    const now = Date.parse(r.at);
    doc.pending = doc.pending
      .filter((p) => p.calls <= FIX_WITHIN_CALLS && now - Date.parse(p.at) <= FIX_WINDOW_MS)
      .slice(-MAX_PENDING);
  }
  if (doc.entries.length > MAX_ENTRIES) {
    doc.entries.sort((a, b) => Date.parse(b.last.at) - Date.parse(a.last.at));
    doc.entries.length = MAX_ENTRIES;
  }
  return doc;
}
