import { normalizeText } from "../../core/text.ts";
import type { BrainHome } from "../../store/home.ts";
import { type DocSpec, JsonDoc } from "../../store/json-doc.ts";
import { addCandidates, candidateId, type InboxCandidate, readInbox } from "../inbox.ts";
import type { MemoryIndex } from "../memory-store.ts";
import { NearDupIndex } from "../near-dup.ts";
import type { HostFile, HostNote } from "./read.ts";

/**
 * Each host's own memory notes (src/learn/host-memory/read.ts) as candidates in Brain's inbox, for the user to
 * accept (then recalled from every host), edit or reject. A note is proposed once: not when the brain already
 * holds it or a near-duplicate (learning or preference), not when the inbox holds it in any state (so a
 * rejected note stays rejected), not twice in one read (two hosts remembering the same thing). A file with the
 * size and modification time it had when last read is not read again (`.brain/host-memory.json`: paths and
 * stamps only).
 */
export interface HostMemoryState {
  /** file path → its stamp (size:mtime) when last read. */
  files: Record<string, string>;
}

export const HOST_MEMORY_DOC: DocSpec<HostMemoryState> = {
  file: "hostMemory",
  check: (v) => {
    const files = (v as { files?: unknown } | null)?.files;
    if (!files || typeof files !== "object" || Array.isArray(files)) return { problem: "no files map" };
    return Object.values(files).every((x) => typeof x === "string")
      ? { files: files as Record<string, string> }
      : { problem: "a file's stamp is not a string" };
  },
  empty: () => ({ files: {} }),
  // Paths and stamps, no text of the user's.
  purged: (doc) => doc,
};

export interface ImportDeps {
  home: BrainHome;
  /** The brain's near-duplicate index of its memories, opened only when a note is new to the inbox. */
  memories: () => Promise<MemoryIndex>;
  now: Date;
}

export interface ImportResult {
  files: number;
  /** Files unchanged since the last read (not read again). */
  unchanged: number;
  /** Files passed over (too big), with why. */
  skipped: { file: string; why: string }[];
  notes: number;
  /** Candidates added to the inbox (or that would be, with dryRun). */
  added: InboxCandidate[];
  /** Already a memory of the brain (or a near-duplicate of one). */
  known: number;
  /** Already in the inbox (any state), or a near-duplicate of an item there or of another note read now. */
  repeated: number;
  secrets: number;
}

function candidate(n: HostNote): InboxCandidate {
  return {
    id: candidateId(n.type, n.text),
    type: n.type,
    text: n.text,
    ...(n.type === "preference" ? { category: "General" } : {}),
    reason: `${n.host} memory`,
    score: 1,
    // Provenance: an accepted candidate is stored with sourceSession "<host>-memory", sourceTurn "<file>:<line>".
    evidence: [`${n.file}:${n.line}`],
    session: `${n.host}-memory`,
    origin: { host: n.host, file: n.file, line: n.line },
    ...(n.project ? { project: n.project } : {}),
  };
}

async function holdsSecret(text: string): Promise<boolean> {
  const { findSecrets } = await import("../../guards/secrets.ts");
  return (await findSecrets(text)).length > 0;
}

export async function importHostMemory(
  deps: ImportDeps,
  read: (seen: Record<string, string>) => HostFile[],
  o: { dryRun?: boolean; reread?: boolean } = {},
): Promise<ImportResult> {
  const doc = new JsonDoc(deps.home, HOST_MEMORY_DOC);
  const state = doc.load();
  const files = read(o.reread ? {} : state.files);
  const r: ImportResult = {
    files: files.length,
    unchanged: 0,
    skipped: [],
    notes: 0,
    added: [],
    known: 0,
    repeated: 0,
    secrets: 0,
  };
  const fresh: HostFile[] = [];
  for (const f of files) {
    if (f.skipped) r.skipped.push({ file: f.file, why: f.skipped });
    else if (f.unchanged) r.unchanged++;
    else fresh.push(f);
  }
  const notes = fresh.flatMap((f) => f.notes);
  r.notes = notes.length;
  if (notes.length > 0) {
    const { items } = readInbox(deps.home);
    const ids = new Set(items.map((i) => i.id));
    const near = new NearDupIndex();
    for (const i of items) near.add(i.id, normalizeText(i.text));
    let index: MemoryIndex | undefined;
    for (const n of notes) {
      const c = candidate(n);
      if (ids.has(c.id) || near.best(normalizeText(c.text))) {
        r.repeated++;
        continue;
      }
      index ??= await deps.memories();
      if (index.match("learning", c.text) || index.match("preference", c.text)) {
        r.known++;
        continue;
      }
      // The inbox is not brain.jsonl, but a credential is not kept there either (as the learner's pass).
      if (await holdsSecret(c.text)) {
        r.secrets++;
        continue;
      }
      ids.add(c.id);
      near.add(c.id, normalizeText(c.text));
      r.added.push(c);
    }
  }
  if (o.dryRun) return r;
  if (r.added.length) r.added = addCandidates(deps.home, deps.now.toISOString(), r.added);
  if (fresh.length) {
    const next = { files: { ...state.files } };
    for (const f of fresh) next.files[f.file] = f.stamp;
    deps.home.ensureLocal();
    doc.save(next);
  }
  return r;
}
