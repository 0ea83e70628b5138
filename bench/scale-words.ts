/**
 * The synthetic words of the year-of-sessions bench (bench/scale.ts): a fixed vocabulary of made-up words and
 * the queries asked of it — one place, so bench/query-cpu.ts asks the server's queries in process.
 */
import { Prng } from "./generate.ts";

export const COMMON = (
  "the a to and of i it is that you in we for this with on be not have do can so but what if " +
  "just like was are at my as or it's there get make then use run one all about would should now"
).split(" ");
const SYL = ["ka", "lo", "mi", "ru", "te", "sa", "no", "vi", "de", "po", "za", "ge", "fu", "ha", "ri", "mo"];

/** A fixed vocabulary of made-up words, rank 0 the most frequent. */
function vocabulary(n: number, rng: Prng): string[] {
  const out = new Set<string>();
  while (out.size < n) {
    let w = "";
    for (let k = rng.int(2, 4); k > 0; k--) w += rng.pick(SYL);
    out.add(w);
  }
  return [...out];
}

/** Zipf-ish pick: rank ~ floor(n^u) (a log-uniform rank), so a few words are everywhere and most are rare. */
export const zipf = (words: string[], rng: Prng) =>
  words[Math.floor(words.length ** rng.float()) - 1] as string;

export const VOCAB = vocabulary(30_000, new Prng(24));

/** Queries of 2–3 words of middling frequency (what a person would look for), deterministic. */
export function queries(count: number): string[] {
  const rng = new Prng(7);
  return Array.from({ length: count }, () => {
    const k = rng.int(2, 3);
    return Array.from({ length: k }, () => VOCAB[rng.int(20, 3000)]).join(" ");
  });
}
