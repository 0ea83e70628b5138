import type { FeedMemo } from "../mind/feed.ts";
import { START } from "../store/event-store.ts";
import type { DocSpec } from "../store/json-doc.ts";
import type { Position } from "../store/scan.ts";

/**
 * Where the learner is in the tool-event log, feeding the mind (`.brain/mind-feed.json`, src/learn/mind-feed.ts):
 * the log's generation, a position in it and the hash of the last failed call. Apart from the feed so the
 * purge's list of local files (src/engine/local-state.ts) reaches it without the engine's types.
 */
export interface FeedCursor extends FeedMemo {
  /** The tool-event log's generation the position is in (a replaced log is read from its start). */
  generation: string;
  position: Position;
}

const isPosition = (v: unknown): v is Position =>
  typeof v === "object" &&
  v !== null &&
  Number.isInteger((v as Position).offset) &&
  Number.isInteger((v as Position).line) &&
  typeof (v as Position).endsWithNewline === "boolean";

/** A position and the hash of the last failed call: nothing a purge names, so a purge keeps it whole. */
export const MIND_FEED_DOC: DocSpec<FeedCursor> = {
  file: "mindFeed",
  check: (v) => {
    const o = v as Partial<FeedCursor> | null;
    return o && typeof o.generation === "string" && isPosition(o.position)
      ? {
          generation: o.generation,
          position: o.position,
          ...(typeof o.failed === "string" ? { failed: o.failed } : {}),
        }
      : { problem: "not a mind-feed cursor" };
  },
  empty: () => ({ generation: "", position: START }),
  purged: (doc) => doc,
};
