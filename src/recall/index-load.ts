import type { DerivedFiles } from "../store/event-store.ts";
import { openChecked } from "../store/jsonl/file-check.ts";
import type { LogFingerprint } from "../store/jsonl/log-identity.ts";
import type { Position } from "../store/scan.ts";
import { Bm25 } from "./bm25.ts";
import { RecallIndex } from "./index.ts";
import { INDEX_FILE_VERSION } from "./index-file.ts";
import { fileBytes, headerOf, type IndexBytes, StoredIndex, wholeFile } from "./stored-index.ts";

/** Where an index file says it stopped in a log, and that log's fingerprint there. */
export interface Mark {
  position: Position;
  check: LogFingerprint | null;
}

export interface LoadedIndex {
  index: RecallIndex;
  brain: Position;
  episodes: Position;
}

/**
 * The recall index file (recall.ts), if it is this version's and still matches both logs; else why not (the
 * caller rebuilds). Its hash is checked once per state of the file, not by every command (the `stamp`,
 * src/store/jsonl/file-check.ts). `resident` (a long-lived process): read whole and closed at once — its stat
 * for the stamp taken first; else read a section at a time, a query reading its own terms' postings.
 */
export function loadIndexFile(
  path: string,
  stamp: string,
  logs: { brain: DerivedFiles | null; episodes: DerivedFiles | null },
  resident: boolean,
): LoadedIndex | string {
  const open = openChecked(path, stamp);
  if (!open) return "missing";
  let src: IndexBytes;
  try {
    src = resident ? wholeFile(open.fd, open.size, open.checked.settle) : fileBytes(open.fd, open.size);
  } catch {
    return "unreadable"; // wholeFile closed it
  }
  try {
    const h = headerOf(src);
    if (h.version !== INDEX_FILE_VERSION) return src.close("old format");
    const brain = h.marks.brain as Mark;
    const episodes = h.marks.episodes as Mark;
    if (!same(brain, logs.brain) || !same(episodes, logs.episodes)) return src.close("stale");
    const stored = new StoredIndex(src, open.checked); // decodes only what a query touches
    const index = new RecallIndex(Bm25.fromStored(stored), new Map(stored.strings.speakerCounts));
    return { index, brain: brain.position, episodes: episodes.position };
  } catch {
    return src.close("unreadable");
  }
}

function same(mark: Mark, files: DerivedFiles | null): boolean {
  return mark.position.offset === 0 || files?.matches(mark.check) === true;
}
