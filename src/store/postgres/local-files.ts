import { join } from "node:path";
import { crypto } from "../crypto.ts";
import type { DerivedFiles } from "../event-store.ts";
import { BrainHome } from "../home.ts";
import type { ReadFilter } from "./protocol.ts";

/** What the server says about the table for a fingerprint (the worker's `mark`). */
export interface TableMark {
  generation: string;
  /** The newest sequence number this reader sees. */
  size: number;
  /** The text of row `seq`, null when this reader does not see such a row (any more). */
  line: string | null;
}

const sha256 = (s: string) => crypto().createHash("sha256").update(s).digest("hex");

/**
 * The derived files of a team store, in its local directory on this machine: the fold snapshot and the
 * recall index of what one reader sees. What a reader sees depends on its user and working directory (the
 * namespaces, namespaces.ts), so each (user, directory) has its own files: `.brain/team-<key>.<kind>`.
 *
 * A file records the sequence number it covers; it is trusted only while the table is the same generation
 * (a restore or a recreated table has a new one), still reaches that number for this reader, and still holds
 * the very row at that number with the same text. Otherwise it is rebuilt from the table.
 */
export function teamDerived(
  localDir: string,
  filter: ReadFilter,
  mark: (seq: number) => TableMark,
): DerivedFiles {
  const key = sha256(`${filter.personal}\n${filter.cwd ?? ""}`).slice(0, 16);
  const fingerprint = (offset: number, builtFrom: string) => {
    const m = mark(offset);
    if (m.generation !== builtFrom || m.size < offset || (offset > 0 && m.line === null)) return null;
    return { generation: builtFrom, offset, sha256: sha256(`${key}\n${m.line ?? ""}`) };
  };
  return {
    path: (kind) => join(new BrainHome(localDir).local, `team-${key}.${kind}`),
    fingerprint,
    matches: (fp) =>
      !!fp &&
      typeof fp.generation === "string" &&
      typeof fp.offset === "number" &&
      fingerprint(fp.offset, fp.generation)?.sha256 === fp.sha256,
  };
}
