import { BrainError } from "./errors.ts";
import { oneLiner } from "./format.ts";
import { oneLine } from "./one-line.ts";
import type { Rec } from "./rec.ts";
import { LIVE_TYPES } from "./types.ts";

/** A type's place in live() order (core/types.ts LIVE_TYPES: Rho's listing order). */
const typeRank = (type: string) => (LIVE_TYPES as readonly string[]).indexOf(type);

/** Shortest prefix a memory line shows of its id (8 hex digits: 65 536 prefixes of 4). */
export const SHORT_ID_MIN = 4;

/** The value of the 4 lower-case hex digits an id starts with, or -1 (shorter, or not hex). */
function hexKey(id: string): number {
  if (id.length < SHORT_ID_MIN) return -1;
  let k = 0;
  for (let i = 0; i < SHORT_ID_MIN; i++) {
    const c = id.charCodeAt(i);
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (v < 0) return -1;
    k = k * 16 + v;
  }
  return k;
}

/**
 * Short forms of the live ids: the shortest prefix of at least 4 characters that no other live id starts
 * with, so a context can name each memory in a few characters and `update` / `remove` can take the prefix
 * back (`matching`). Ids are grouped by their first 4 characters — for the usual 8-hex ids in flat typed
 * arrays (one counting pass, one filling pass: a few milliseconds at 100 000 entries), others in a map.
 */
export class ShortIds {
  readonly #recs: Rec[];
  /** Hex-prefixed ids: indexes into #recs, grouped by prefix; group k is #order[#start[k] .. #start[k+1]). */
  readonly #start = new Uint32Array(65_537);
  readonly #order: Uint32Array;
  readonly #other = new Map<string, Rec[]>();

  constructor(live: Iterable<Rec>) {
    const recs = [...live];
    this.#recs = recs;
    const keys = new Int32Array(recs.length);
    const start = this.#start;
    for (let i = 0; i < recs.length; i++) {
      const r = recs[i] as Rec;
      const k = hexKey(r.id);
      keys[i] = k;
      if (k >= 0) start[k + 1] = (start[k + 1] as number) + 1;
      else {
        const p = r.id.slice(0, SHORT_ID_MIN);
        const g = this.#other.get(p);
        if (g) g.push(r);
        else this.#other.set(p, [r]);
      }
    }
    for (let k = 1; k < start.length; k++) start[k] = (start[k] as number) + (start[k - 1] as number);
    const order = new Uint32Array(start[start.length - 1] as number);
    const fill = start.slice(0, 65_536);
    for (let i = 0; i < recs.length; i++) {
      const k = keys[i] as number;
      if (k >= 0) {
        order[fill[k] as number] = i;
        fill[k] = (fill[k] as number) + 1;
      }
    }
    this.#order = order;
  }

  /**
   * Records of a new id in their type added since (FoldState.apply: a resident server's state gains a learning
   * from another process), instead of grouping every live id again. They stand where live() lists them: after
   * every record of their type and the types before it (a new id goes last in its type's map).
   */
  readonly #extra: Rec[] = [];

  /** A live record whose id its type did not hold (see #extra); FoldState rebuilds instead past MAX_EXTRA. */
  add(rec: Rec): void {
    this.#extra.push(rec);
  }

  get extras(): number {
    return this.#extra.length;
  }

  /** The live records whose id has the same first 4 characters as `id`, in live() order. */
  #group(id: string): Rec[] {
    const k = hexKey(id);
    const out: Rec[] = [];
    if (k < 0) out.push(...(this.#other.get(id.slice(0, SHORT_ID_MIN)) ?? []));
    else
      for (let j = this.#start[k] as number; j < (this.#start[k + 1] as number); j++)
        out.push(this.#recs[this.#order[j] as number] as Rec);
    const head = id.slice(0, SHORT_ID_MIN);
    for (const e of this.#extra) {
      if (e.id.slice(0, SHORT_ID_MIN) !== head || (k >= 0 && hexKey(e.id) !== k)) continue;
      const rank = typeRank(e.type);
      let at = out.length;
      while (at > 0 && typeRank((out[at - 1] as Rec).type) > rank) at--;
      out.splice(at, 0, e);
    }
    return out;
  }

  /** The shortest unique prefix of `id` (the whole id when it is short, or a prefix of another id). */
  short(id: string): string {
    if (id.length <= SHORT_ID_MIN) return id;
    const group = this.#group(id);
    for (let k = SHORT_ID_MIN; k < id.length; k++) {
      const p = id.slice(0, k);
      if (!group.some((r) => r.id !== id && r.id.startsWith(p))) return p;
    }
    return id;
  }

  /**
   * The live records whose id starts with `prefix` (at least 4 characters; fewer matches nothing), one per
   * id (an id held by two types counts once: the caller's exact lookup decides between them).
   */
  matching(prefix: string): Rec[] {
    if (prefix.length < SHORT_ID_MIN) return [];
    const seen = new Map<string, Rec>();
    for (const r of this.#group(prefix)) if (r.id.startsWith(prefix) && !seen.has(r.id)) seen.set(r.id, r);
    return [...seen.values()];
  }
}

/** An id as a memory line tags it (`#a1b2`) or as given (`a1b2`): the tag's `#` is not part of the id. */
export function untag(given: string): string {
  return given.startsWith("#") && given.length > 1 ? given.slice(1) : given;
}

/**
 * The live entry `given` names: its exact id, else the one live id it is a prefix of (as memory lines show
 * them, `#` or not). Two or more candidates are an error that lists them; none is NOT_FOUND.
 */
export function resolveId(
  given: string,
  exact: (id: string) => Rec | undefined,
  shortIds: () => ShortIds,
): Rec {
  const hit = exact(given) ?? exact(untag(given));
  if (hit) return hit;
  const found = shortIds().matching(untag(given));
  if (found.length === 1) {
    const r = exact((found[0] as Rec).id);
    if (r) return r;
  }
  if (found.length > 1) {
    const list = found
      .slice(0, 5)
      .map((r) => `${r.id} (${r.type}: ${oneLine(oneLiner(r.entry)).slice(0, 60)})`)
      .join(", ");
    throw new BrainError(
      "INVALID",
      `id "${given}" is ambiguous: it starts ${found.length} ids (${list}${found.length > 5 ? ", …" : ""}); give more characters`,
      { field: "id" },
    );
  }
  throw new BrainError("NOT_FOUND", `No entry with id "${given}"`);
}
