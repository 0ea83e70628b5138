import { ENTRY_TABLE, type TypeDef } from "./entry-types.ts";
import type { FoldState } from "./fold.ts";
import type { LiveType } from "./types.ts";

/** Each part of the line: the types with a stats mark there, in the entry table's order. */
const PARTS = ([0, 1] as const).map((part) =>
  (Object.entries(ENTRY_TABLE) as [LiveType, TypeDef][])
    .filter(([, d]) => d.stats?.part === part)
    .map(([type, d]) => [type, d.stats?.mark ?? ""] as const),
);

/** Rho's one-line stats: `🧠 5L 3P 2T 1R | 11beh 2id 1usr`. */
export function statsLine(s: FoldState): string {
  const part = (i: number) => (PARTS[i] ?? []).map(([type, mark]) => `${s.count(type)}${mark}`).join(" ");
  return `🧠 ${part(0)} | ${part(1)}`;
}
