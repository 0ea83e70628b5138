/**
 * The labelled set through the learner in this process (for tuning and the bench; the test drives the same
 * sessions through the real hooks): each session's transcript is written, queued as the Stop hook queues it,
 * and one learner run reads it, in file order in one brain. Then the inbox (or, with autoAccept, the stored
 * memories) is scored (score.ts).
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Brain } from "../../../src/engine/brain.ts";
import { readInbox } from "../../../src/learn/inbox.ts";
import type { LearnSettings } from "../../../src/learn/learn-run.ts";
import { enqueue } from "../../../src/learn/queue.ts";
import { runLearner } from "../../../src/learn/worker.ts";
import { BrainHome } from "../../../src/store/home.ts";
import { type LabelledSession, type LabelledSet, loadLabelled, type Split, transcriptOf } from "./format.ts";
import { type Figures, type Proposed, score } from "./score.ts";

const HERE = new URL(".", import.meta.url).pathname;

/** Memories of a brain that has been in use for a while (other projects, other topics). */
export function grownMemories(): { type: "learning" | "preference"; text: string; category?: string }[] {
  return fs
    .readFileSync(join(HERE, "grown-memories.txt"), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("//"))
    .map((l) =>
      l.startsWith("preference: ")
        ? { type: "preference" as const, text: l.slice(12), category: "General" }
        : { type: "learning" as const, text: l },
    );
}

export interface RunOptions {
  split: Split;
  /** Memories stored before the sessions (a grown brain: the curator seeds its TF-IDF mode from them). */
  grown?: boolean;
  curatorThreshold?: number;
  /** Everything the detectors propose (the curator lets all through but exact duplicates). */
  noCurator?: boolean;
  detect?: LearnSettings["detect"];
}

export async function runInProcess(o: RunOptions, set: LabelledSet = loadLabelled()): Promise<Figures> {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-labelled-"));
  try {
    const brainPath = join(dir, "brain", "brain.jsonl");
    fs.mkdirSync(join(dir, "brain"), { recursive: true });
    const brain = Brain.open({ path: brainPath, seedDefault: false, fsync: false });
    if (o.grown) for (const m of grownMemories()) await brain.act({ action: "add", ...m });
    const home = BrainHome.ofLog(brainPath);
    const sessions = set.sessions.filter((s) => s.split === o.split);
    const learn: LearnSettings = {
      extractor: async () => undefined,
      autoAccept: false,
      curatorThreshold: o.noCurator ? 0 : (o.curatorThreshold ?? 0.82),
      ...(o.detect ? { detect: o.detect } : {}),
    };
    for (const s of sessions) {
      const transcript = join(dir, `${s.id}.jsonl`);
      fs.writeFileSync(transcript, transcriptOf(s));
      const session = String(s.records[0]?.sessionId);
      enqueue(home, [
        {
          host: "claude",
          event: "stop",
          at: new Date().toISOString(),
          session_id: session,
          transcript_path: transcript,
          cwd: s.cwd,
        },
      ]);
      const out = await runLearner({
        home,
        now: () => new Date(Date.UTC(2026, 2, 2, 18)),
        openBrain: async () => brain,
        durable: false,
        learn,
      });
      if (out.status !== "ran" || out.run.errors.length)
        throw new Error(`learner on ${s.id}: ${JSON.stringify(out)}`);
    }
    const proposed = inboxProposals(home);
    brain.close();
    return score(sessions, set.facts, proposed);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every candidate the inbox received (whatever was decided since). */
export function inboxProposals(home: BrainHome): Proposed[] {
  return readInbox(home).items.map((i) => ({ text: i.text, evidence: i.evidence }));
}

export function sessionsOf(set: LabelledSet, split: Split): LabelledSession[] {
  return set.sessions.filter((s) => s.split === split);
}
