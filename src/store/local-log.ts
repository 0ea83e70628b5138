import type { BrainHome, LocalFile } from "./home.ts";
import { JsonlLogFile } from "./jsonl/log-file.ts";
import { Log, type LogSpec } from "./log.ts";

/** A log that lives in a brain's home (`.brain/<file>`), named by home.ts: the spec says which file. */
export interface LocalLogSpec<T> extends LogSpec<T> {
  readonly file: LocalFile;
}

/**
 * The local log of `spec` in `home`: a JSONL log file of records (no brain-log check), with its lock, framing,
 * bad-line reports and purge. Small on purpose: the hooks append to the queue and the tool-event log through
 * it on their shortest path.
 */
export function localLog<T>(home: BrainHome, spec: LocalLogSpec<T>, opts: { fsync?: boolean } = {}): Log<T> {
  return new Log(spec, new JsonlLogFile(home.file(spec.file), { records: true, ...opts }));
}
