import { EN } from "./en.ts";
import { RU } from "./ru.ts";
import type { CueTable } from "./types.ts";
import { ZH } from "./zh.ts";

export type { CueTable } from "./types.ts";

/** Every language's table: English, Russian, Chinese. Add a language by adding its table here. */
export const CUE_TABLES: readonly CueTable[] = [EN, RU, ZH];

export type CueKind = Exclude<keyof CueTable, "lang" | "lead" | "trail">;

/** The kinds of cue a sentence carries, over every language. */
export function cuesOf(sentence: string, tables: readonly CueTable[] = CUE_TABLES): Set<CueKind> {
  const out = new Set<CueKind>();
  for (const t of tables)
    for (const kind of Object.keys(t) as (keyof CueTable)[]) {
      if (kind === "lang" || kind === "lead" || kind === "trail") continue;
      if (t[kind].some((re) => re.test(sentence))) out.add(kind);
    }
  return out;
}

/** The sentence with every language's leading openers and trailing courtesies cut (again and again). */
export function stripCues(sentence: string, tables: readonly CueTable[] = CUE_TABLES): string {
  let s = sentence.trim();
  for (let guard = 0; guard < 12; guard++) {
    let cut = s;
    for (const t of tables) {
      for (const re of t.lead) cut = cut.replace(re, "");
      for (const re of t.trail) cut = cut.replace(re, "");
    }
    cut = cut.replace(/^[\s,.:;!—–\-，。：；！、]+/u, "").trim();
    if (cut === s) break;
    s = cut;
  }
  return s;
}
