import { WORDS } from "../core/lazy-regexp.ts";
import { terms } from "./analyze.ts";
import { sentenceStarts } from "./passages.ts";

interface Match {
  at: number;
  end: number;
  term: string;
}

/**
 * A focused preview of a long text for a query: the stretch of at most `max` characters that holds the most
 * of the query's terms (rarer terms weigh more, by `weight`), starting at a sentence when it can, widened to
 * fill `max` with the text around it, with "…" where text was left out. Short texts come back whole; a text
 * sharing no term with the query shows its beginning.
 */
export function focusedPreview(
  text: string,
  query: string,
  max: number,
  weight: (term: string) => number = () => 1,
): string {
  if (text.length <= max) return text;
  const room = Math.max(1, max - 2);
  const wanted = new Map<string, number>();
  for (const t of terms(query)) wanted.set(t, Math.max(0.01, weight(t)));
  const matches: Match[] = [];
  if (wanted.size > 0) {
    for (const m of text.matchAll(WORDS.word.for(text))) {
      for (const t of terms(m[0])) {
        if (wanted.has(t)) matches.push({ at: m.index, end: m.index + m[0].length, term: t });
      }
    }
  }
  const starts = sentenceStarts(text);
  // Candidate windows: from each sentence start, and with each match a third of the way in.
  const candidates = new Set<number>(starts);
  for (const m of matches) candidates.add(Math.max(0, m.at - Math.floor(room / 3)));
  let best = 0;
  let bestScore = -1;
  let bestOff = Number.POSITIVE_INFINITY;
  for (const from of [...candidates].sort((a, b) => a - b)) {
    const to = from + room;
    const seen = new Set<string>();
    let score = 0;
    let first = -1;
    for (const m of matches) {
      if (m.at >= from && m.end <= to && !seen.has(m.term)) {
        seen.add(m.term);
        score += wanted.get(m.term) ?? 0;
        if (first < 0) first = m.at;
      }
    }
    // Among equal windows, the one with its matches about a third of the way in shows most around them.
    const off = first < 0 ? 0 : Math.abs(first - from - room / 3);
    if (score > bestScore + 1e-9 || (score > bestScore - 1e-9 && off < bestOff)) {
      best = from;
      bestScore = score;
      bestOff = off;
    }
  }
  return cut(text, best, room, starts);
}

/** `room` characters of `text` from about `from`, aligned to a sentence or a word, with ellipses. */
function cut(text: string, from: number, room: number, starts: number[]): string {
  let a = Math.min(from, Math.max(0, text.length - room));
  // Start at a sentence that begins a little earlier, else at the next word — but a window pulled back to
  // end with the text must not go back further: its end would no longer reach what it was chosen for.
  const earlier = a < from ? undefined : starts.filter((s) => s <= a && a - s <= room / 4).pop();
  if (earlier !== undefined) a = earlier;
  else if (a > 0 && /\S/.test(text[a - 1] ?? "")) {
    const sp = text.slice(a, a + 40).search(/\s/);
    if (sp >= 0) a += sp + 1;
  }
  let b = Math.min(text.length, a + room);
  if (b < text.length) {
    const back = text.slice(a, b).search(/\s\S*$/);
    if (back > room * 0.8) b = a + back;
  }
  // Never split a surrogate pair.
  if (b < text.length && /[\ud800-\udbff]/.test(text[b - 1] ?? "")) b--;
  if (a > 0 && /[\udc00-\udfff]/.test(text[a] ?? "")) a++;
  return `${a > 0 ? "…" : ""}${text.slice(a, b).trim()}${b < text.length ? "…" : ""}`;
}

/** Mean IDF under which a sentence is boilerplate, and the shortest run of such sentences left out. */
// Tuned on bench:recall's long-turn variants (conv-26, 30, 41, 42, 43), checked on all ten and the original.
export const BOILERPLATE_WEIGHT = 1.5;
export const BOILERPLATE_RUN = 3;

/**
 * Leave out runs of at least `run` consecutive sentences made only of very common words (mean term weight
 * under `min`: repeated tool chatter, boilerplate), each run marked "…"; isolated common sentences stay.
 */
export function dropBoilerplate(
  text: string,
  weight: (term: string) => number,
  min = BOILERPLATE_WEIGHT,
  run = BOILERPLATE_RUN,
): string {
  const starts = sentenceStarts(text);
  const sentences = starts.map((s, i) => text.slice(s, i + 1 < starts.length ? starts[i + 1] : text.length));
  const low = sentences.map((s) => {
    const ts = terms(s);
    return ts.length === 0 || ts.reduce((a, t) => a + weight(t), 0) / ts.length < min;
  });
  const keep = low.map((l) => !l);
  for (let i = 0; i < low.length; ) {
    let j = i;
    while (j < low.length && low[j]) j++;
    if (j - i > 0 && j - i < run) for (let k = i; k < j; k++) keep[k] = true;
    i = Math.max(j, i + 1);
  }
  if (!keep.some(Boolean) || keep.every(Boolean)) return text;
  const parts: string[] = [];
  keep.forEach((k, i) => {
    if (k) parts.push((sentences[i] as string).trim());
    else if (parts[parts.length - 1] !== "…") parts.push("…");
  });
  return parts.join(" ");
}
