import type { BadLine } from "../core/health.ts";
import { checkToolEvent, type ToolEvent } from "../core/tool-event.ts";
import { Log, type LogSpec } from "../engine/log.ts";
import { START } from "../store/event-store.ts";
import { BrainHome, LOCAL_FILES } from "../store/home.ts";
import { JsonlLogFile } from "../store/jsonl/log-file.ts";
import type { Position } from "../store/scan.ts";

/**
 * The tool-event log, `.brain/tool-events.jsonl`: every tool call the hosts report, captured ONCE (Claude
 * Code's PostToolUse / PostToolUseFailure hooks, pi's tool_result), one line each (src/core/tool-event.ts).
 * An instance of the one log (src/engine/log.ts): whole lines under its lock, bad lines reported, purge.
 *
 * Writers (the hooks) cap each text and redact key-shaped secrets (src/hooks/redact.ts) — all a hook can
 * afford. Readers get every text field redacted again, fully (secretlint's preset and the decoded views,
 * src/guards/secrets.ts): `toolEvents(home).since(position)`, `.forSession(id)`. The learner (recent
 * paths, episodes), the agent's state (explored paths, last error, plan) and the failure ledger read here.
 */
export const TOOL_EVENTS: LogSpec<ToolEvent> = { name: LOCAL_FILES.toolEvents, check: checkToolEvent };

export interface LogFileOptions {
  /** fsync after each append (default false: a power cut may lose the last events, never tear a line). */
  fsync?: boolean;
  lockTimeoutMs?: number;
}

/** The log's own file store, in the home's local directory (created on the first append). */
export function localLog<T>(spec: LogSpec<T>, file: string, o: LogFileOptions = {}): Log<T> {
  const store = new JsonlLogFile(file, {
    fsync: o.fsync ?? false,
    ...(o.lockTimeoutMs !== undefined ? { lockTimeoutMs: o.lockTimeoutMs } : {}),
  });
  return new Log(spec, store);
}

export function toolEventLog(home: BrainHome, o: LogFileOptions = {}): Log<ToolEvent> {
  return localLog(TOOL_EVENTS, home.file("toolEvents"), o);
}

/** Append tool events (each already capped and redacted by src/hooks/tool-event.ts) to a brain's log. */
export function appendToolEvents(
  brain: { brainPath: string; store?: { localDir: string } | null; lockTimeoutMs?: number | undefined },
  events: ToolEvent[],
): void {
  const o = brain.lockTimeoutMs !== undefined ? { lockTimeoutMs: brain.lockTimeoutMs } : {};
  toolEventLog(BrainHome.of(brain), o).append(events);
}

export interface ToolEventRead {
  events: { event: ToolEvent; line: number }[];
  /** Lines that are not tool events (reported, never fatal). */
  bad: BadLine[];
  /** Where the next read starts. */
  end: Position;
}

const TEXT_FIELDS = ["target", "error", "cwd", "project"] as const;

/** Every text a reader gets, redacted fully (loaded on first use: secretlint is the learner's cost). */
async function redacted(events: ToolEvent[]): Promise<ToolEvent[]> {
  if (events.length === 0) return events;
  const { redactAll } = await import("../guards/write-guard.ts");
  const slots: { e: ToolEvent; k: (typeof TEXT_FIELDS)[number] }[] = [];
  const out = events.map((e) => ({ ...e }));
  for (const e of out) for (const k of TEXT_FIELDS) if (e[k] !== undefined) slots.push({ e, k });
  const r = await redactAll(slots.map((s) => s.e[s.k] as string));
  slots.forEach((s, i) => {
    s.e[s.k] = r.texts[i] as string;
  });
  return out;
}

/** The reader API of the tool-event log. */
export function toolEvents(home: BrainHome) {
  const log = () => localLog(TOOL_EVENTS, home.file("toolEvents"));
  return {
    /** Events from `from` on (the start by default), redacted; bad lines; where to read next. */
    async since(from: Position = START): Promise<ToolEventRead> {
      const r = log().read(from);
      const events = await redacted(r.records.map((x) => x.value));
      return {
        events: events.map((event, i) => ({ event, line: r.records[i]?.line ?? 0 })),
        bad: r.bad,
        end: r.end,
      };
    },
    /** One session's events, oldest first, redacted. */
    async forSession(session: string): Promise<ToolEvent[]> {
      const r = log().read();
      return redacted(r.records.map((x) => x.value).filter((e) => e.session === session));
    },
  };
}
