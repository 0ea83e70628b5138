/**
 * The temporal variant (issue 24, class 3): one-off events told with a relative date ("two weeks ago I
 * adopted a rescue dog named Biscuit", "last Tuesday I …"), which only the session's own date resolves.
 *
 * By rule and seed, per conversation: EVENTS_PER_CONVERSATION distinct families of families.ts EVENTS, each
 * said once by a seeded speaker in a distinct seeded session, with a seeded relative date (RELATIVE, or "last
 * <weekday>": the latest such weekday before the session's day). Three probes:
 *   temporal: when  — "When did S <do it>?" needs the event's day written out ("24 April 2023" or
 *                     "2023-04-24"): the relative date resolved against the session's date;
 *   temporal: on    — "What did S do on 24 April, 2023?" needs the event's value (the question shares no
 *                     word with the turn but the speaker's name: the day must find it);
 *   temporal: order — for two events of one speaker, "Which did S do first: <a> or <b>?" needs both turns.
 */
import { EVENTS, RELATIVE, WEEKDAYS } from "./families.ts";
import {
  type Bit,
  type ClassBuilt,
  conversationText,
  DAY_MS,
  dayPhrases,
  dayStart,
  FreshValues,
  insertBits,
  longDay,
  type Probe,
  pick,
  sessionsOf,
  shuffled,
  speakersOf,
} from "./needles.ts";
import type { LocomoSample } from "./variants.ts";
import { words } from "./visible.ts";

export const EVENTS_PER_CONVERSATION = 8;

interface Told {
  speaker: string;
  session: number;
  day: number;
  did: string;
  ask: string;
  value: string;
}

/** A relative date said in a session on `sessionDay`: its words and the day it points to. */
function relative(r: () => number, sessionDay: number): { say: string; day: number } {
  if (r() < 0.6) {
    const x = pick(r, RELATIVE);
    return { say: x.say, day: sessionDay - x.days * DAY_MS };
  }
  const back = 1 + Math.floor(r() * 7); // 1–7 days: "last <weekday>" is the latest one before today
  const day = sessionDay - back * DAY_MS;
  return { say: `last ${WEEKDAYS[new Date(day).getUTCDay()]}`, day };
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function temporalVariant(s: LocomoSample, r: () => number): ClassBuilt {
  const sessions = sessionsOf(s);
  const speakers = speakersOf(s);
  const hay = conversationText(s);
  const bits: Bit[] = [];
  const told: Told[] = [];
  const places = shuffled(r, sessions).slice(0, EVENTS_PER_CONVERSATION);
  for (const [i, event] of shuffled(r, EVENTS).slice(0, places.length).entries()) {
    const x = places[i] as (typeof places)[number];
    const value = new FreshValues(r, event.pool, hay).take();
    if (!value) continue;
    const speaker = speakers[r() < 0.5 ? 0 : 1];
    const rel = relative(r, dayStart(x.ms));
    const did = event.did.replace("{v}", value);
    const text = r() < 0.5 ? `${capital(rel.say)}, I ${did}.` : `I ${did} ${rel.say}.`;
    bits.push({ session: x.n, turns: [{ speaker, text }] });
    told.push({ speaker, session: x.n, day: rel.day, did, ask: event.ask, value });
  }
  const probes: Probe[] = [];
  for (const t of told) {
    probes.push({
      question: `When did ${t.speaker} ${t.ask}?`,
      category: "temporal: when",
      needs: [dayPhrases(t.day)],
    });
    probes.push({
      question: `What did ${t.speaker} do on ${longDay(t.day).replace(/ (\d{4})$/, ", $1")}?`,
      category: "temporal: on",
      needs: [[words(t.value)]],
    });
  }
  for (const speaker of speakers) {
    const mine = told.filter((t) => t.speaker === speaker).sort((a, b) => a.session - b.session);
    for (let i = 0; i + 1 < mine.length; i += 2) {
      const [a, b] = [mine[i] as Told, mine[i + 1] as Told];
      if (a.day === b.day) continue;
      const [first, then] = a.day < b.day ? [a, b] : [b, a];
      probes.push({
        question: `Which did ${speaker} do first: ${a.ask} or ${b.ask}?`,
        category: "temporal: order",
        needs: [[words(a.did)], [words(b.did)]],
        chrono: [words(first.did), words(then.did)],
      });
    }
  }
  return { sample: insertBits(s, bits, r), probes };
}
