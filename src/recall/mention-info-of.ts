import type { EpisodeLog } from "../store/episode-log.ts";
import type { Hit } from "./index.ts";
import type { MentionInfo } from "./mention-info.ts";
import { keySentences, matchingWords, sentenceTerms } from "./sentence-terms.ts";

/**
 * What mentions.ts needs to know of an episode (undefined for any other item): for one the index found,
 * which query terms its own text holds; for any other (a neighbour, a restatement looked up), none.
 */
export function mentionInfoOf(
  hits: Hit[],
  searched: string[],
  /** How much a term tells (the index's `weight`). */
  weight: (term: string) => number,
  episodes: EpisodeLog,
): (id: string) => MentionInfo | undefined {
  const byId = new Map(hits.map((h) => [h.id, h]));
  const w = searched.map(weight);
  const all = w.reduce((a, b) => a + b, 0);
  // One MentionInfo per turn: its sentences are computed at most once a query, however often it is looked at.
  const made = new Map<string, MentionInfo | undefined>();
  return (id) => {
    if (made.has(id)) return made.get(id);
    const info = make(id);
    made.set(id, info);
    return info;
  };
  function make(id: string): MentionInfo | undefined {
    const h = byId.get(id);
    // A turn the search did not find is known by the log's columns: its line is read only for its sentences.
    const turn = h ? undefined : episodes.info(id);
    if ((h && h.kind !== "episode") || (!h && !turn)) return undefined;
    const mask = h && all > 0 ? h.mask : 0;
    const share = (bits: number) => {
      let hit = 0;
      let of = 0;
      for (let i = 0; i < w.length; i++) {
        if (!(bits & (1 << i))) continue;
        of += w[i] as number;
        if (mask & (1 << i)) hit += w[i] as number;
      }
      return of > 0 ? hit / of : 0;
    };
    let sentences: Set<string>[] | undefined;
    let keys: Set<string>[] | undefined;
    let words: Set<string> | undefined;
    const wanted = () => new Set(searched.filter((_, i) => mask & (1 << i)));
    const own = () => {
      sentences ??= sentenceTerms(String(episodes.get(id)?.entry.text ?? ""));
      return sentences;
    };
    // A hit without a date had none that parses in its line either (the index and the log parse it alike).
    const date = turn?.dateMs ?? Number.NaN;
    return {
      session: h?.session ?? turn?.session ?? "",
      speaker: h?.speaker ?? (turn?.speaker ?? "").toLowerCase(),
      dateMs: h?.dateMs ?? (Number.isNaN(date) ? 0 : date),
      mask,
      cover: share(-1),
      coverOf: share,
      sentences: own,
      words: () => {
        words ??= matchingWords(own(), wanted());
        return words;
      },
      keys: () => {
        keys ??= keySentences(own(), wanted(), weight);
        return keys;
      },
    };
  }
}
