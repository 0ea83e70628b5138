/**
 * For `--misses`: where each item a missed probe needs stands in Brain's recall list (in-process, same
 * brain), so a miss can be told apart as ranking (the turn holding it ranks below what the budget shows) or
 * preview (the turn is shown, the value cut away). Diagnostic only; the scores come from the CLI's output.
 */
import { Brain } from "../../src/engine/brain.ts";
import type { Probe } from "./probes.ts";
import { hasPhrase, haystack } from "./visible.ts";

/** Per needed item, the 1-based rank of the first recalled episode holding one of its phrases (0: none). */
export function needRanks(path: string, cwd: string, probes: Probe[]): number[][] {
  const brain = Brain.open({ path, cwd });
  try {
    return probes.map((p) => {
      const list = brain.recall(p.question, { cwd, kinds: ["learning", "episode"] });
      const hs = list.map((r) => haystack(String(r.rec.entry.text ?? "")));
      return p.needs.map((alts) => 1 + hs.findIndex((h) => alts.some((ph) => hasPhrase(h, ph))));
    });
  } finally {
    brain.close();
  }
}

/** How many recalled lines a section shows and how many characters it uses. */
export function shown(section: string): { lines: number; chars: number } {
  return { lines: section.split("\n").filter((l) => l.startsWith("- ")).length, chars: section.length };
}
