/**
 * Deterministic, generic "agent transcript" text to wrap LoCoMo turns in (the assistant-style variant).
 * Seeded (mulberry32), so the same seed gives the same dataset. The vocabulary is software chatter with no
 * digits and no names, so it is unlikely to carry a LoCoMo answer (bench/recall.ts reports how many do).
 */
import { prng } from "../../test/support/prng.ts";

export { prng };

const NOUNS = [
  "config file",
  "build script",
  "test suite",
  "parser",
  "cache layer",
  "error handler",
  "module loader",
  "lock file",
  "log output",
  "request handler",
  "schema",
  "migration",
  "type definitions",
  "entry point",
];
const VERBS = ["checked", "updated", "rewrote", "traced", "reviewed", "cleaned up", "reran", "simplified"];
const TEMPLATES = [
  "Let me look at the {n} before changing anything.",
  "I {v} the {n} and the warnings are gone.",
  "The {n} still reads the old value, so I {v} it.",
  "Next I will compare the {n} with the {n} to see where they differ.",
  "This explains the failure in the {n}; it was never refreshed.",
  "Here is the relevant part: `const result = load(options)` inside the {n}.",
  "Checking again after the change to the {n}.",
  "Nothing else needs to change in the {n} for this.",
  "I {v} the {n}; the output now matches what we expect.",
  "```\nfunction update(state) {\n  return { ...state, ready: true };\n}\n```",
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

/** About `chars` characters of generic sentences (whole sentences; at least one). */
export function filler(r: () => number, chars: number): string {
  const out: string[] = [];
  let len = 0;
  while (out.length === 0 || len < chars) {
    const s = pick(r, TEMPLATES)
      .replace(/\{n\}/g, () => pick(r, NOUNS))
      .replace(/\{v\}/g, () => pick(r, VERBS));
    out.push(s);
    len += s.length + 1;
  }
  return out.join(" ");
}
