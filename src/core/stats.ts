import type { FoldState } from "./fold.ts";

/** Rho's one-line stats: `🧠 5L 3P 2T 1R | 11beh 2id 1usr`. */
export function statsLine(s: FoldState): string {
  return (
    `🧠 ${s.count("learning")}L ${s.count("preference")}P ${s.count("task")}T ${s.count("reminder")}R` +
    ` | ${s.count("behavior")}beh ${s.count("identity")}id ${s.count("user")}usr`
  );
}
