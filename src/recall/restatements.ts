import type { MentionInfo } from "./mention-info.ts";
import type { Ranked } from "./rank.ts";

/**
 * A turn among the first `top` that the same speaker said again later — a turn of the pool holding the same
 * query terms, its words overlapping (Dice ≥ `restate`) — has the latest restatement put in its place and
 * follows it; every earlier statement is marked with the date of the latest. In place.
 */
export function pullRestatements(
  out: Ranked[],
  info: (id: string) => MentionInfo | undefined,
  tune: { pool: number; top: number; restate: number },
  earlier: Map<string, number>,
): void {
  const pool: { r: Ranked; m: MentionInfo }[] = [];
  for (const r of out.slice(0, tune.pool)) {
    const m = r.kind === "episode" ? info(r.id) : undefined;
    if (m && m.mask !== 0) pool.push({ r, m });
  }
  const done = new Set<string>();
  for (let i = 0; i < Math.min(out.length, tune.top); i++) {
    const r = out[i] as Ranked;
    if (done.has(r.id) || r.kind !== "episode") continue;
    const m = info(r.id);
    if (!m || m.mask === 0) continue;
    const same = pool.filter(
      (x) =>
        x.r.id !== r.id &&
        !done.has(x.r.id) &&
        x.m.speaker === m.speaker &&
        x.m.mask === m.mask &&
        x.m.dateMs !== m.dateMs &&
        dice(x.m.words(), m.words()) >= tune.restate,
    );
    done.add(r.id);
    if (same.length === 0) continue;
    const group = [{ r, m }, ...same].sort((a, b) => b.m.dateMs - a.m.dateMs);
    const latest = group[0] as (typeof group)[number];
    for (const x of group) {
      done.add(x.r.id);
      if (x !== latest) earlier.set(x.r.id, latest.m.dateMs);
    }
    if (latest.r === r) continue;
    // The latest takes this place; the rest moves down one.
    const from = out.indexOf(latest.r);
    out.splice(from, 1);
    out.splice(i, 0, latest.r);
  }
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size + b.size === 0) return 0;
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return (2 * both) / (a.size + b.size);
}
