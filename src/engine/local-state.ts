import { existsSync } from "node:fs";
import { REWRITES_LOG } from "../brainfiles/write.ts";
import { purgeDeepExport } from "../deep/export.ts";
import { FAILURE_INDEX_DOC } from "../improve/failure-index.ts";
import { purgeJournal, writeImprovements } from "../improve/journal.ts";
import { purgeProposals, readProposals } from "../improve/proposals.ts";
import { CURSORS_DOC } from "../learn/cursors.ts";
import { HOST_CALLS_DOC } from "../learn/extract/host-budget.ts";
import { purgeInbox } from "../learn/inbox.ts";
import { LEARN_LOG } from "../learn/learn-log.ts";
import { LEARNER_DOCS } from "../learn/learn-state.ts";
import { MIND_FEED_DOC } from "../learn/mind-feed-cursor.ts";
import { purgeNotice } from "../learn/notice.ts";
import { QUEUE_LOG } from "../learn/queue.ts";
import { MIND_LOG } from "../mind/log.ts";
import { purgeView } from "../mind/view.ts";
import { FEEDBACK_LOG } from "../store/feedback-log.ts";
import type { BrainHome, LocalFile } from "../store/home.ts";
import { type DocSpec, JsonDoc } from "../store/json-doc.ts";
import { purgeQuarantine } from "../store/jsonl/quarantine.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import type { PurgeTarget } from "../store/purge-target.ts";
import { TOOL_EVENTS_LOG } from "../store/tool-event-log.ts";
import { GRAPH_LOG } from "./graph-log.ts";
import type { Purgeable } from "./purge.ts";

/**
 * Every local file of a brain (src/store/home.ts LOCAL_FILES) and how a purge reaches it: a log (its spec says
 * which records go), a state document (it says what it keeps), or a file that holds no text of the user's (a
 * lock, the server's address, an id list). test/meta checks that every local file is in exactly one of these
 * lists, so a new log or state file is purgeable by construction — or a test fails. Loaded only by a purge.
 */
const LOGS: readonly LocalLogSpec<never>[] = [
  QUEUE_LOG,
  LEARN_LOG,
  REWRITES_LOG,
  TOOL_EVENTS_LOG,
  MIND_LOG,
  FEEDBACK_LOG,
  GRAPH_LOG,
] as unknown as LocalLogSpec<never>[];
const DOCS: readonly DocSpec<unknown>[] = [
  CURSORS_DOC as DocSpec<unknown>,
  ...LEARNER_DOCS,
  MIND_FEED_DOC as DocSpec<unknown>,
  FAILURE_INDEX_DOC as DocSpec<unknown>,
  HOST_CALLS_DOC as DocSpec<unknown>,
];
/** Local files purged by a function of their own (a record's fate depends on the records around it). */
const CUSTOM: readonly { file: LocalFile; purge: (home: BrainHome, t: PurgeTarget) => number }[] = [
  { file: "inbox", purge: purgeInbox },
  { file: "notice", purge: purgeNotice },
  { file: "mindView", purge: purgeView },
  { file: "proposals", purge: purgeProposals },
  // After the proposals: the archive's files that hold the text go, improvements.md is rendered again.
  {
    file: "improve",
    purge: (home, t) => {
      const n = purgeJournal(home, t);
      if (existsSync(home.file("improve"))) writeImprovements(home, readProposals(home).proposals);
      return n;
    },
  },
  // The last training export: deleted whole when it holds a purged entry or text (it is derived).
  { file: "deep", purge: purgeDeepExport },
];
/**
 * Local files that hold nothing a purge names (paths the agent used, the server's address and socket, the
 * hooks' dedup log: hashes and times; the hooks' last firings: host and event names, times; the improvement cycle's positions, times and handled hashes; the host
 * memory files read: paths and hashes).
 */
export const HOLD_NO_TEXT: readonly LocalFile[] = [
  "recent",
  "serveState",
  "serveSocket",
  "openPage",
  "hookSeen",
  "hookFired",
  "improveState",
  "hostMemory",
];

/** Which local files the lists above cover (for the test that keeps them complete). */
export function coveredLocalFiles(): LocalFile[] {
  return [
    ...LOGS.map((l) => l.file),
    ...DOCS.map((d) => d.file),
    ...CUSTOM.map((c) => c.file),
    ...HOLD_NO_TEXT,
  ];
}

export function localPurgeables(home: BrainHome): Purgeable[] {
  return [
    ...LOGS.map((spec) => ({
      name: spec.name,
      purge: (t: PurgeTarget) => localLog(home, spec).purgeFor(t).removed,
    })),
    ...DOCS.map((spec) => ({ name: spec.file, purge: (t: PurgeTarget) => new JsonDoc(home, spec).purge(t) })),
    ...CUSTOM.map((c) => ({ name: c.file, purge: (t: PurgeTarget) => c.purge(home, t) })),
    // The bad lines `doctor --repair --quarantine` moved out of the logs (a folder, not one local file).
    { name: "quarantine", purge: (t: PurgeTarget) => purgeQuarantine(home, t) },
  ];
}
