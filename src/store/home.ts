import * as fs from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { resolveLog } from "./resolve-log.ts";

export { resolveLog } from "./resolve-log.ts";

/**
 * A brain's home: the ONE place that names every file a brain keeps besides its log. Everything local lives in
 * `<dir>/.brain/`, where `<dir>` is the directory of the log *as resolved*: a brain.jsonl that is a symlink has
 * its home beside its target, so two paths to one log are one brain — one lock, one inbox, one queue, one
 * server (the learner once wrote its inbox beside the link while the tools read it beside the target, and the
 * user saw "nothing to review"). A team store's home is its local directory (`store.localDir`). Brain files and
 * sibling logs (episodes.jsonl) live in `<dir>` itself.
 *
 * Cheap on purpose (node:fs and node:path only): the hooks compute it on every prompt and stop without opening
 * the store, and must land on the same files as the engine that opened it.
 */
export const LOCAL_FILES = {
  /** The learner's queue of transcripts and messages (hooks append; src/learn/queue.ts). */
  queue: "transcripts.jsonl",
  /** Model-free candidates waiting for review (src/learn/inbox.ts). */
  inbox: "inbox.jsonl",
  /** One line per learner run (src/learn/learn-log.ts). */
  learnLog: "learn-log.jsonl",
  /** The learner's per-transcript cursors (src/learn/cursors.ts). */
  cursors: "learn-cursors.json",
  /** The SELECTION curator's state (src/learn/learn-state.ts). */
  curator: "curator.json",
  /** The INSTANT detectors' state (src/learn/learn-state.ts). */
  detect: "detect.json",
  /** What the learner stored, until a host shows it (src/learn/notice.ts). */
  notice: "learn-notice.json",
  /** Paths a context used, re-injected after a compaction (src/project/recent.ts). */
  recent: "recent.json",
  /** Tool calls the hosts reported (command or file, outcome, error excerpt): the one tool-event log. */
  toolEvents: "tool-events.jsonl",
  /** A directory: which (host, session, event) a hook already handled, a file each (src/hooks/seen.ts). */
  hookSeen: "hook-seen",
  /** When each host last fired each hook, for `brain doctor` (src/hooks/fired.ts). */
  hookFired: "hook-fired.json",
  /** Where the resident server listens and its token (src/serve/state-file.ts). */
  serveState: "serve.json",
  /** The resident server's Unix socket (src/serve/socket-listen.ts). */
  serveSocket: "serve.sock",
  /** `brain open --launch`'s page: redirects to the viewer with the token in the URL's fragment (src/cli/launch.ts). */
  openPage: "open.html",
  /** Brain-file rewrites, one line each (src/brainfiles/write.ts). */
  rewrites: "rewrites.jsonl",
  /** The agent's own mind: goals, plan, self, affect, thoughts, actions, explored, chat (src/mind/log.ts). */
  mind: "mind.jsonl",
  /** The mind's view, derived from mind.jsonl and trusted only while it matches it (src/mind/view.ts). */
  mindView: "mind-view.json",
  /** Where the learner is in the tool-event log, feeding the mind (src/learn/mind-feed.ts): a position. */
  mindFeed: "mind-feed.json",
  /** Sessions a SessionStart resumed, with their last answer then, as hashes (src/store/session-resumes.ts). */
  sessionResumes: "session-resumes.json",
  /** The feedback ledger: tool outcomes, corrections, provider errors, self-heal events (src/store/feedback-log.ts). */
  feedback: "feedback.jsonl",
  /** What each earlier failure was, and what fixed it: the failure hook's lookup (src/improve/failure-index.ts). */
  failureIndex: "failure-index.json",
  /** The improvement cycle's positions, times and handled opportunities (src/improve/state.ts). */
  improveState: "improve-state.json",
  /** Proposed changes waiting for review, and the decisions (src/improve/proposals.ts). */
  proposals: "proposals.jsonl",
  /** A directory: improvements.md, the history of every change, proposed files to inspect (src/improve/journal.ts). */
  improve: "improve",
  /** A directory: the DEEP layer's last training export (train/valid JSONL and a manifest; src/deep/export.ts). */
  deep: "deep",
  /** What changed the association graph's weights: matches, decay ticks, touches, imports (src/graph/events.ts). */
  graphEvents: "graph-events.jsonl",
  /** Which host memory files were read, by hash: one not changed since is not read again (src/learn/host-memory/). */
  hostMemory: "host-memory.json",
  /** Headless host runs the learner made today, against `extraction.callsPerDay` (src/learn/extract/host-budget.ts). */
  hostCalls: "host-calls.json",
} as const;
export type LocalFile = keyof typeof LOCAL_FILES;

/** Locks are `<base>.lock` files in the local directory (src/store/jsonl/lock.ts adds the suffix). */
export const LOCKS = {
  learner: "learn",
  server: "serve",
  inbox: "inbox",
  improve: "improve-run",
  /** Renewing an expired hook-firing marker, and sweeping them (src/hooks/seen.ts). */
  hookSeen: "hook-seen",
} as const;
export type LocalLock = keyof typeof LOCKS;

/** The user's own Brain directory, `~/.brain` (team stores' local directories, the Claude marketplace, the hook shim). */
export function userBrainDir(homeDir: string): string {
  return join(homeDir, ".brain");
}

/** Where a project's own brain lives (`brain init --project`): `.brain/brain.jsonl` at its repository root. */
export function projectBrainFile(repoRoot: string): string {
  return join(repoRoot, ".brain", "brain.jsonl");
}

/**
 * A derived file of the log at `logPath` (its generation, snapshot, index …): `.brain/<log>.<kind>` beside the
 * log — or beside it in the same directory when the log itself is one of the local logs in `.brain/` (no
 * `.brain/.brain/`).
 */
export function derivedFileOf(logPath: string, kind: string): string {
  const dir = dirname(logPath);
  const local = basename(dir) === ".brain" ? dir : join(dir, ".brain");
  return join(local, `${basename(logPath)}.${kind}`);
}

export class BrainHome {
  /** The brain's directory: its log, brain files and sibling logs. */
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  /** The home of the log at `logPath` (beside the resolved log). */
  static ofLog(logPath: string): BrainHome {
    return new BrainHome(dirname(resolveLog(logPath)));
  }

  /** The home of a configured brain, without opening its store: a team store's local directory, else the log's. */
  static of(config: { brainPath: string; store?: { localDir: string } | null }): BrainHome {
    return config.store ? new BrainHome(config.store.localDir) : BrainHome.ofLog(config.brainPath);
  }

  /** `<dir>/.brain`: the brain's local, private files (0700). */
  get local(): string {
    return join(this.dir, ".brain");
  }

  /** A local file's path. */
  file(name: LocalFile): string {
    return join(this.local, LOCAL_FILES[name]);
  }

  /** A local log's name relative to the brain's directory (what `EventStore.sibling` takes). */
  logName(name: LocalFile): string {
    return join(".brain", LOCAL_FILES[name]);
  }

  /** The base path of a local lock (`.lock` is added by the lock). */
  lock(name: LocalLock): string {
    return join(this.local, LOCKS[name]);
  }

  /** Copies of the brain's logs (compaction and repair backups) and of rewritten brain files. */
  get backups(): string {
    return join(this.local, "backups");
  }

  /** Bad lines `brain doctor --repair --quarantine` moved out of the brain's logs (one file per log). */
  get quarantine(): string {
    return join(this.local, "quarantine");
  }

  /** A derived file of one of the brain's logs: `.brain/<log name>.<kind>` (snapshot, recall.json, …). */
  derived(logPath: string, kind: string): string {
    return join(this.local, `${basename(logPath)}.${kind}`);
  }

  /** A brain file's lock base (`.brain/<file name>`; `.lock` is added by the lock). */
  brainFileLock(name: string): string {
    return join(this.local, name);
  }

  /** Create the local directory (owner-only) if it is missing. */
  ensureLocal(): string {
    fs.mkdirSync(this.local, { recursive: true, mode: 0o700 });
    return this.local;
  }
}
