/**
 * Shared machinery of the class variants (update, multi-session, temporal; issue 24): generated turns
 * ("needles") inserted into LoCoMo's real sessions by rule and seed, and the probes (questions with what their
 * answer needs) that go with them. The conversation around the needles is the shared data as it is; nothing
 * is hand-picked, and nothing generated is written to the repo (bench/recall-variants.ts builds it in memory).
 */
import { locomoDate } from "../../src/recall/ingest/chat.ts";
import { longDay } from "../../src/recall/relative-dates.ts";
import { type LocomoSample, type LocomoTurn, turnBody } from "./variants.ts";
import { type Haystack, hasPhrase, haystack, words } from "./visible.ts";

export interface Session {
  n: number;
  /** Epoch ms of the session's date (UTC), as `brain ingest --format locomo` reads it. */
  ms: number;
  turns: LocomoTurn[];
}

/** The sessions of a sample in order, with their dates (sessions without a readable date left out). */
export function sessionsOf(sample: LocomoSample): Session[] {
  const conv = sample.conversation;
  const out: Session[] = [];
  for (let n = 1; Array.isArray(conv[`session_${n}`]); n++) {
    const iso = locomoDate(conv[`session_${n}_date_time`]);
    if (!iso) continue;
    out.push({ n, ms: Date.parse(iso), turns: conv[`session_${n}`] as LocomoTurn[] });
  }
  return out;
}

/** The two speakers of a sample. */
export function speakersOf(sample: LocomoSample): [string, string] {
  const c = sample.conversation;
  return [String(c.speaker_a ?? "A"), String(c.speaker_b ?? "B")];
}

/** Everything the conversation says, for checking that a generated value occurs nowhere in it. */
export function conversationText(sample: LocomoSample): Haystack {
  return haystack(
    sessionsOf(sample)
      .flatMap((s) => s.turns.map(turnBody))
      .join("\n"),
  );
}

/** Generated turns said together, in order, at one place in a session. */
export interface Bit {
  session: number;
  turns: { speaker: string; text: string }[];
}

/** What a probe's answer needs: every item, each satisfied by any one of its phrases (word lists). */
export interface Probe {
  question: string;
  category: string;
  needs: string[][][];
  /** A knowledge update: the latest value, and the values stated before it. */
  update?: { latest: string[]; earlier: string[][] };
  /** Two events in the order they happened (phrases of their turns). */
  chrono?: [string[], string[]];
}

export interface ClassBuilt {
  /** The sample with the needles inserted (and any questions the variant replaced taken out). */
  sample: LocomoSample;
  probes: Probe[];
}

export const NEEDLE_BASE = 1000;

/**
 * Insert the bits into their sessions, each at a seeded position (a bit's turns stay together), with turn ids
 * `D<session>:<1000+k>` so no original id changes. Returns a new sample; the input is not modified.
 */
export function insertBits(sample: LocomoSample, bits: Bit[], r: () => number): LocomoSample {
  const conv: Record<string, unknown> = { ...sample.conversation };
  const next = new Map<number, number>();
  for (const bit of bits) {
    const key = `session_${bit.session}`;
    const list = [...((conv[key] as LocomoTurn[]) ?? [])];
    const at = Math.floor(r() * (list.length + 1));
    const made = bit.turns.map((t) => {
      const k = next.get(bit.session) ?? NEEDLE_BASE;
      next.set(bit.session, k + 1);
      return { speaker: t.speaker, dia_id: `D${bit.session}:${k}`, text: t.text };
    });
    list.splice(at, 0, ...made);
    conv[key] = list;
  }
  return { ...sample, conversation: conv };
}

export function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

/** A seeded shuffle (Fisher–Yates) of a copy. */
export function shuffled<T>(r: () => number, list: readonly T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

/** `k` distinct items of `list` in their original order (seeded). */
export function sample<T>(r: () => number, list: readonly T[], k: number): T[] {
  const chosen = new Set(shuffled(r, [...list.keys()]).slice(0, k));
  return list.filter((_, i) => chosen.has(i));
}

/**
 * Values from `pool` that occur nowhere in the conversation, none sharing a word with another taken value,
 * in seeded order: a generated answer is found in a context only where a needle put it.
 */
export class FreshValues {
  readonly #left: string[];
  readonly #used = new Set<string>();
  constructor(r: () => number, pool: readonly string[], conversation: Haystack) {
    this.#left = shuffled(r, pool).filter((v) => !hasPhrase(conversation, words(v)));
  }
  take(): string | null {
    while (this.#left.length) {
      const v = this.#left.pop() as string;
      const ws = words(v).filter((w) => w.length > 2);
      if (ws.some((w) => this.#used.has(w))) continue;
      for (const w of ws) this.#used.add(w);
      return v;
    }
    return null;
  }
}

/** "14 March 2023" for a UTC day: the form the recall shows a resolved relative date in. */
export { longDay };

/** A day's acceptable written forms as phrases: "14 March 2023" and "2023-03-14". */
export function dayPhrases(ms: number): string[][] {
  return [words(longDay(ms)), words(new Date(ms).toISOString().slice(0, 10))];
}

export const DAY_MS = 86_400_000;

/** UTC midnight of the day holding `ms`. */
export function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
