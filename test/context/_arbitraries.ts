/** fast-check generators for whole brains: entries of every type and brain files, with long lines. */

import type { BaseEntry } from "../../src/core/types.ts";
import { fc } from "../support/fc.ts";
import { daysAgo } from "./_fixtures.ts";

/** Text of every shape the renderer must survive: short words, long lines, newlines, emoji, markup —
 * always well-formed UTF-16 (whole code points, whole graphemes). */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom("long ", "wörd ", "🎉x ", "ab"), fc.integer({ min: 50, max: 1500 }))
      .map(([w, n]) => w.repeat(n).trim() || "x"),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.string({ minLength: 0, maxLength: 30 }), { minLength: 2, maxLength: 5 })
      .map((ls) => ls.join("\n")),
  },
  { weight: 1, arbitrary: fc.constantFrom("## Identity", "- name: x", "(…3 more omitted)", "…", " ") },
);

/**
 * The first `n` code points of `s`. (`s.slice(0, n)` counts UTF-16 units and cut emoji in half: the
 * generated brain then held a lone surrogate, and the budget property failed on some seeds.)
 */
export const codePoints = (s: string, n: number): string => [...s].slice(0, n).join("");

export type RawEntry = Record<string, unknown> & { id: string; type: string };

export interface BrainSpec {
  raws: RawEntry[];
  files: Record<string, string>;
  budget: number;
}

const TYPES = ["identity", "user", "behavior", "preference", "context", "learning", "task", "reminder"];

/** Paths a context entry or a learning's projectPath may take, relative to the working directory. */
const pathFor = (cwd: string, k: number): string =>
  [
    cwd,
    cwd.slice(0, cwd.lastIndexOf("/")) || "/",
    `${cwd}bar`,
    `${cwd}/sub`,
    "/elsewhere",
    "",
    "/",
    `${cwd}/`,
  ][k % 8] as string;

const rawEntryArb = fc.record({
  type: fc.constantFrom(...TYPES),
  key: fc.constantFrom("name", "role", "tz", "editor", "k".repeat(40)),
  text: textArb,
  category: fc.constantFrom("do", "dont", "value", "Code", "Tools", "nonsense"),
  age: fc.integer({ min: 0, max: 200 }),
  manual: fc.boolean(),
  project: fc.boolean(),
  pathK: fc.nat(20),
  status: fc.constantFrom("pending", "pending", "done"),
  enabled: fc.boolean(),
});

export function brainSpecArb(maxEntries = 300): fc.Arbitrary<BrainSpec> {
  return fc.record({
    raws: fc
      .array(rawEntryArb, { maxLength: maxEntries })
      .map((raws) => raws.map((r, i): RawEntry => ({ ...r, id: `e${i.toString(16).padStart(4, "0")}` }))),
    files: brainFilesArb,
    budget: fc.integer({ min: 200, max: 8000 }),
  });
}

/** Turn raw generated records into schema-shaped entries for the working directory `cwd`. */
export function materialise(raws: RawEntry[], cwd: string): BaseEntry[] {
  return raws.map((r) => {
    const id = r.id;
    const created = daysAgo(r.age as number);
    const text = r.text as string;
    switch (r.type) {
      case "identity":
      case "user":
        return { id, type: r.type, key: r.key as string, value: text, created };
      case "behavior":
        return { id, type: "behavior", category: r.category as string, text, created };
      case "preference":
        return { id, type: "preference", category: r.category as string, text, created };
      case "context":
        return {
          id,
          type: "context",
          project: codePoints(text, 20),
          path: pathFor(cwd, r.pathK as number),
          content: text,
          created,
        };
      case "learning":
        return {
          id,
          type: "learning",
          text,
          created,
          ...(r.manual ? { source: "manual" } : {}),
          ...(r.project ? { scope: "project", projectPath: pathFor(cwd, r.pathK as number) } : {}),
        };
      case "task":
        return {
          id,
          type: "task",
          description: text,
          status: r.status as string,
          priority: "normal",
          due: null,
          tags: [],
          completedAt: null,
          created,
        };
      default:
        return {
          id,
          type: "reminder",
          text,
          cadence: { kind: "interval", every: "6h" },
          enabled: r.enabled as boolean,
          priority: "normal",
          tags: [],
          last_run: null,
          next_due: null,
          last_result: null,
          last_error: null,
          created,
        };
    }
  });
}

const markdownArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom("# Title", "## Section", "### Sub", "", "> **Owns:** something", "- item"),
      textArb,
    ),
    { maxLength: 40 },
  )
  .map((ls) => ls.join("\n"));

const frontmatterArb = fc.constantFrom(
  "",
  "---\nactivation: always\n---\n",
  "---\nactivation: manual\n---\n",
  "---\nglobs: '*.ts'\n---\n",
  "---\ndescription: notes on things\n---\n",
  "---\nbroken: [\n---\n",
);

const brainFilesArb: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      "SOUL.md": markdownArb,
      "USER.md": markdownArb,
      "AGENTS.md": markdownArb,
      "CODE.md": fc.tuple(frontmatterArb, markdownArb).map(([f, m]) => f + m),
      "NOTES.md": fc.tuple(frontmatterArb, markdownArb).map(([f, m]) => f + m),
    },
    { requiredKeys: [] },
  )
  .map(
    (r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Record<string, string>,
  );
