import type { BadLine } from "../core/health.ts";
import type { ToolEvent } from "../core/tool-event.ts";
import { START } from "../store/event-store.ts";
import type { BrainHome } from "../store/home.ts";
import type { Position } from "../store/scan.ts";
import { toolEventLog } from "../store/tool-event-log.ts";

/**
 * The tool-event log (src/store/tool-event-log.ts: `.brain/tool-events.jsonl`) as its readers read it: every
 * tool call the hosts reported, captured once by the hooks (src/hooks/tool-events.ts), with every text field
 * redacted again, fully (secretlint's preset and the decoded views, src/guards/secrets.ts) — the hooks could
 * afford only key-shaped patterns. The learner (recent paths, episodes), the agent's state (explored paths,
 * last error, plan) and the failure ledger read here: `toolEvents(home).since(position)`, `.forSession(id)`.
 */
export interface ToolEventRead {
  events: { event: ToolEvent; line: number }[];
  /** Lines that are not tool events (reported, never fatal). */
  bad: BadLine[];
  /** Where the next read starts. */
  end: Position;
}

const TEXT_FIELDS = ["target", "error", "cwd", "project", "before", "after"] as const;

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
  const log = () => toolEventLog(home);
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
