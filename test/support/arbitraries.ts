/** fast-check generators for brain logs: small id / key / text pools so upserts, key collisions,
 * tombstones and resurrections happen often. */

import type { BaseEntry } from "../../src/core/types.ts";
import { ENTRY_TYPES } from "../../src/core/types.ts";
import { fc } from "./fc.ts";

export const ID_POOL = ["a1", "a2", "a3", "a4", "a5"];
export const KEY_POOL = ["name", "role", "tz"];
export const TEXT_POOL = [
  "uses pnpm",
  "Uses PNPM!",
  "yarn",
  "café",
  "CAFE\u0301",
  "🎉",
  "deploy",
  "",
  "这个仓库使用 pnpm",
  "line\u2028sep",
];
export const ALL_TYPES = [...ENTRY_TYPES, "bogus"] as const;

const CREATED = "2026-01-15T00:00:00.000Z";

/** A narrow mix where keyed collisions and matching tombstones are frequent. */
export const FOCUSED_TYPES = [
  "identity",
  "user",
  "learning",
  "task",
  "tombstone",
  "tombstone",
  "bogus",
] as const;

const entryArb = (types: readonly string[]): fc.Arbitrary<BaseEntry> =>
  fc
    .record({
      id: fc.constantFrom(...ID_POOL),
      type: fc.constantFrom(...types),
      key: fc.option(fc.constantFrom(...KEY_POOL), { nil: undefined, freq: 8 }),
      text: fc.constantFrom(...TEXT_POOL),
      useDescription: fc.boolean(),
      targetType: fc.constantFrom(...types),
      targetId: fc.constantFrom(...ID_POOL),
    })
    .map(({ id, type, key, text, useDescription, targetType, targetId }) => {
      const e: BaseEntry = { id, type, created: CREATED };
      if (type === "tombstone") {
        // A tombstone's own id is sometimes a pool id: it must not resurrect that id.
        e.target_id = targetId;
        e.target_type = targetType;
        e.reason = "test";
        if (useDescription) e.id = `ts-${id}`;
      } else if (type === "identity" || type === "user" || type === "meta") {
        if (key !== undefined) e.key = key;
        e.value = text;
      } else if (useDescription) {
        e.description = text;
      } else {
        e.text = text;
      }
      return e;
    });

/** A sequence of entries; each carries `v` (its index) so versions of one id are distinguishable. */
export const entriesArb = (maxLength = 40, types: readonly string[] = ALL_TYPES): fc.Arbitrary<BaseEntry[]> =>
  fc.array(entryArb(types), { maxLength }).map((es) => es.map((e, v) => ({ ...e, v })));

/** Either the full type mix or the focused one (half the runs each). */
export const mixedEntriesArb = (maxLength = 40): fc.Arbitrary<BaseEntry[]> =>
  fc.oneof(entriesArb(maxLength), entriesArb(maxLength, FOCUSED_TYPES));

/** Lines a real log may hold besides entries: junk the scanner must report and skip. */
export const JUNK_LINES = [
  "null",
  "42",
  "[]",
  "{}",
  '{"type":"learning"}',
  "{not json",
  "",
  '{"id":"a1","type":"learning","text":"crlf line","created":"2026-01-15T00:00:00.000Z"}\r',
];

/** JSONL text of entries with junk lines sprinkled in (junk[i] is inserted before entry i when set). */
export const logArb = (maxLength = 30): fc.Arbitrary<{ entries: BaseEntry[]; text: string }> =>
  mixedEntriesArb(maxLength)
    .chain((entries) =>
      fc.record({
        entries: fc.constant(entries),
        junk: fc.array(fc.option(fc.constantFrom(...JUNK_LINES), { freq: 4 }), {
          minLength: entries.length,
          maxLength: entries.length,
        }),
        trailingNewline: fc.boolean(),
      }),
    )
    .map(({ entries, junk, trailingNewline }) => {
      const lines: string[] = [];
      entries.forEach((e, i) => {
        const j = junk[i];
        if (j !== null && j !== undefined) lines.push(j);
        lines.push(JSON.stringify(e));
      });
      const text = lines.join("\n") + (trailingNewline && lines.length > 0 ? "\n" : "");
      return { entries, text };
    });
