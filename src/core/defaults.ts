import type { BaseEntry } from "./types.ts";

/**
 * The brain a first run starts with (seed 000): 16 behaviours, a daily 01:00 memory-consolidate reminder
 * and the schema_version marker. Ids follow Rho's default file so a brain seeded by either tool looks
 * the same; timestamps are the moment of creation.
 */
const BEHAVIORS: [string, "do" | "dont" | "value", string][] = [
  ["b0000001", "do", "Be direct — skip filler, get to the point"],
  ["b0000002", "do", "Take a position when asked for one, and say why"],
  ["b0000003", "do", "Work out what the user is trying to achieve, not only what they typed"],
  ["b0000004", "do", "Investigate first: read the code, the docs and the logs before asking"],
  ["b0000005", "do", "Say plainly when you are unsure or guessing"],
  ["b0000006", "dont", "Use performative phrases like 'Great question!'"],
  ["b0000007", "dont", "Bury the answer under caveats"],
  ["b0000008", "dont", "Echo the user's request back to them"],
  ["b0000009", "value", "Clarity over diplomacy"],
  ["b0000010", "value", "Brevity for simple things, depth for hard ones"],
  ["b0000011", "value", "Memory is how one session hands its work to the next"],
  ["b0000012", "do", "Re-read the current state before acting on a plan"],
  ["b0000013", "do", "Prove work with checks that can fail: tests, measurements, clear pass or fail"],
  ["b0000014", "value", "A failing plan is rewritten, not patched"],
  ["b0000015", "value", "What is on disk is the truth; recollections are hints"],
  ["b0000016", "value", "When something fails the same way twice, add a signal that catches it"],
];

/** The ids of the entries `brain init` writes (the viewer groups them apart from the user's own). */
export const DEFAULT_IDS: readonly string[] = [...BEHAVIORS.map(([id]) => id), "rem00001", "meta0001"];

export function defaultBrain(now: Date): BaseEntry[] {
  const created = now.toISOString();
  return [
    ...BEHAVIORS.map(([id, category, text]) => ({ id, type: "behavior", category, text, created })),
    {
      id: "rem00001",
      type: "reminder",
      text: "Run memory-consolidate: decay stale learnings, merge duplicates, mine sessions since the last checkpoint",
      cadence: { kind: "daily", at: "01:00" },
      enabled: true,
      created,
    },
    schemaVersion(now),
  ];
}

/** The schema_version marker every new brain starts with (`brain init --empty` writes only this). */
export function schemaVersion(now: Date): BaseEntry {
  return { id: "meta0001", type: "meta", key: "schema_version", value: "1", created: now.toISOString() };
}
