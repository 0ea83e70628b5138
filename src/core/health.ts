import { FoldState } from "./fold.ts";
import type { Rec } from "./rec.ts";

/** A line that could not be loaded. Its bytes stay in the file; this is only the report. */
export interface BadLine {
  line: number;
  reason: string;
  /** The start of the line (at most 200 characters), so a user can find and fix it. */
  text: string;
}

export interface Health {
  /** Valid entries parsed (objects with an id and a type, including unknown types). */
  total: number;
  /** Lines that could not be loaded, with their line numbers (the first 1000). */
  badLines: BadLine[];
  badLineCount: number;
  /** The file ends in an incomplete line that does not parse (a torn write). */
  truncatedTail: boolean;
  tornTail: { line: number; text: string } | null;
  unknownTypes: { line: number; type: string }[];
  warnings: { line: number; message: string }[];
}

const MAX_REPORTED = 1000;

export function emptyHealth(): Health {
  return {
    total: 0,
    badLines: [],
    badLineCount: 0,
    truncatedTail: false,
    tornTail: null,
    unknownTypes: [],
    warnings: [],
  };
}

/** Fold state plus what reading found wrong: the sink a scan feeds. Pure; the store does the reading. */
export class FoldView {
  readonly state: FoldState;
  readonly health: Health;

  constructor(state = new FoldState(), health = emptyHealth()) {
    this.state = state;
    this.health = health;
  }

  rec(rec: Rec): void {
    this.health.total++;
    this.state.apply(rec);
  }

  bad(bad: BadLine): void {
    this.health.badLineCount++;
    if (this.health.badLines.length < MAX_REPORTED) this.health.badLines.push(bad);
  }

  unknownType(line: number, type: string): void {
    this.health.total++;
    if (this.health.unknownTypes.length < MAX_REPORTED) this.health.unknownTypes.push({ line, type });
  }

  warning(line: number, message: string): void {
    if (this.health.warnings.length < MAX_REPORTED) this.health.warnings.push({ line, message });
  }
}
