/**
 * The multi-session variant (issue 24, class 2): questions whose answer needs a line from each of several
 * sessions ("How many weddings did Caroline go to?").
 *
 * By rule and seed, per conversation: AGGREGATES_PER_CONVERSATION families of families.ts AGGREGATE
 * (distinct, seeded), each said by a seeded speaker in 2–5 seeded sessions (one instance per session, each
 * with its own value, a seeded sentence template); in half of them (seeded) the first instance is followed
 * by a short exchange about the same topic without a new value, so one session holds several lines that
 * match the question. The probe needs every value: one line from each session.
 */
import { AGGREGATE } from "./families.ts";
import {
  type Bit,
  type ClassBuilt,
  conversationText,
  FreshValues,
  insertBits,
  type Probe,
  pick,
  sample as pickSome,
  sessionsOf,
  shuffled,
  speakersOf,
} from "./needles.ts";
import type { LocomoSample } from "./variants.ts";
import { words } from "./visible.ts";

export const AGGREGATES_PER_CONVERSATION = 6;
export const MIN_SESSIONS = 2;
export const MAX_SESSIONS = 5;

export function multisessionVariant(s: LocomoSample, r: () => number): ClassBuilt {
  const sessions = sessionsOf(s);
  const speakers = speakersOf(s);
  const hay = conversationText(s);
  const bits: Bit[] = [];
  const probes: Probe[] = [];
  for (const family of shuffled(r, AGGREGATE).slice(0, AGGREGATES_PER_CONVERSATION)) {
    const who = r() < 0.5 ? 0 : 1;
    const speaker = speakers[who] as string;
    const other = speakers[1 - who] as string;
    const k = MIN_SESSIONS + Math.floor(r() * (MAX_SESSIONS - MIN_SESSIONS + 1));
    const chosen = pickSome(r, sessions, Math.min(k, sessions.length));
    const values = new FreshValues(r, family.pool, hay);
    const said: string[] = [];
    for (const [i, x] of chosen.entries()) {
      const v = values.take();
      if (!v) break;
      said.push(v);
      const turns = [{ speaker, text: pick(r, family.say).replace("{v}", v) }];
      if (i === 0 && r() < 0.5)
        turns.push({ speaker: other, text: family.follow[0] }, { speaker, text: family.follow[1] });
      bits.push({ session: x.n, turns });
    }
    if (said.length < MIN_SESSIONS) continue;
    probes.push({
      question: pick(r, family.ask).replace("{s}", speaker),
      category: "multi-session",
      needs: said.map((v) => [words(v)]),
    });
  }
  return { sample: insertBits(s, bits, r), probes };
}
