import { BrainError } from "./errors.ts";
import type { Rec } from "./rec.ts";

/** Shortest prefix a memory line shows of its id (8 hex digits: 65 536 prefixes of 4). */
export const SHORT_ID_MIN = 4;

/**
 * Short forms of the live ids: the shortest prefix of at least 4 characters that no other live id starts
 * with, so a context can name each memory in a few characters and `update` / `remove` can take the prefix
 * back (`resolve`). Ids are grouped by their first 4 characters; a group of one is the usual case.
 */
export class ShortIds {
  readonly #groups = new Map<string, Rec[]>();

  constructor(live: Iterable<Rec>) {
    for (const r of live) {
      const k = r.id.slice(0, SHORT_ID_MIN);
      const g = this.#groups.get(k);
      if (g) g.push(r);
      else this.#groups.set(k, [r]);
    }
  }

  /** The shortest unique prefix of `id` (the whole id when it is short, or a prefix of another id). */
  short(id: string): string {
    if (id.length <= SHORT_ID_MIN) return id;
    const group = this.#groups.get(id.slice(0, SHORT_ID_MIN)) ?? [];
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
    for (const r of this.#groups.get(prefix.slice(0, SHORT_ID_MIN)) ?? [])
      if (r.id.startsWith(prefix) && !seen.has(r.id)) seen.set(r.id, r);
    return [...seen.values()];
  }
}

/**
 * The live entry `given` names: its exact id, else the one live id it is a prefix of (as memory lines show
 * them). Two or more candidates are an error that lists them; none is NOT_FOUND.
 */
export function resolveId(
  given: string,
  exact: (id: string) => Rec | undefined,
  shortIds: () => ShortIds,
): Rec {
  const hit = exact(given);
  if (hit) return hit;
  const found = shortIds().matching(given);
  if (found.length === 1) {
    const r = exact((found[0] as Rec).id);
    if (r) return r;
  }
  if (found.length > 1) {
    const list = found
      .slice(0, 5)
      .map((r) => `${r.id} (${r.type})`)
      .join(", ");
    throw new BrainError(
      "INVALID",
      `id "${given}" is ambiguous: it starts ${found.length} ids (${list}${found.length > 5 ? ", …" : ""}); give more characters`,
      { field: "id" },
    );
  }
  throw new BrainError("NOT_FOUND", `No entry with id "${given}"`);
}
