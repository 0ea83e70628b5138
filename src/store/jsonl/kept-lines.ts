import type { BadLine } from "../../core/health.ts";
import type { Rec } from "../../core/rec.ts";
import type { ScanSink } from "../scan.ts";

/** Line numbers of the lines a fold does not take in: bad lines and entries of types it does not know. */
export interface LineKeeper {
  lines: number[];
}

/**
 * A sink that passes everything to `sink` and notes the lines compaction must keep as they are: "a bad
 * line is reported, never lost, never dropped by compaction", and a type written by a newer Rho or Brain
 * is data this version cannot judge.
 */
export function keptLines(sink: ScanSink, keeper: LineKeeper): ScanSink {
  let last = 0;
  const keep = (line: number) => {
    if (line !== last) keeper.lines.push(line);
    last = line;
  };
  return {
    rec: (rec: Rec) => sink.rec(rec),
    bad: (bad: BadLine) => {
      keep(bad.line);
      sink.bad(bad);
    },
    unknownType: (line: number, type: string) => {
      keep(line);
      sink.unknownType(line, type);
    },
    warning: (line: number, message: string) => sink.warning(line, message),
    ...(sink.accepts ? { accepts: (type: string) => sink.accepts?.(type) ?? false } : {}),
  };
}
