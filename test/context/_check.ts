/** The invariants every assembled context must satisfy (shared by the property and sweep tests). */
import assert from "node:assert/strict";
import type { ContextResult } from "../../src/context/build.ts";
import { contentLines, oneLine } from "../../src/core/one-line.ts";
import type { LiveType } from "../../src/core/types.ts";
import type { Brain } from "../../src/engine/brain.ts";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const LIVE: LiveType[] = [
  "identity",
  "user",
  "behavior",
  "preference",
  "context",
  "learning",
  "task",
  "reminder",
];

/** The line(s) an entry is rendered as, by type (what must appear in the text when its id is injected). */
function renderedLine(brain: Brain, id: string): { line: string; truncatable: boolean; header?: string } {
  for (const type of LIVE) {
    for (const r of brain.state.list(type)) {
      if (r.id !== id) continue;
      const e = r.entry;
      const s = (v: unknown) => String(v);
      // Memories are rendered on one line (a line break must not open a heading of its own).
      const flat = oneLine;
      switch (type) {
        case "identity":
        case "user":
          return { line: `- ${flat(e.key)}: ${flat(e.value)}`, truncatable: true };
        case "behavior":
          return {
            line: `- ${({ do: "Do", dont: "Don't", value: "Value" } as Record<string, string>)[s(e.category)]}: ${flat(e.text)}`,
            truncatable: false,
          };
        case "preference":
          return { line: `- [${flat(e.category)}] ${flat(e.text)}`, truncatable: false };
        case "context":
          return {
            line: contentLines(e.content)[0] as string,
            truncatable: true,
            header: `## Project: ${flat(e.project)}`,
          };
        case "learning":
          return { line: `- ${flat(e.text)}`, truncatable: false };
        case "task":
          return { line: `- task ${id}: ${flat(e.description)}`, truncatable: false };
        case "reminder":
          return { line: `- reminder ${id}: ${flat(e.text)}`, truncatable: false };
      }
    }
  }
  throw new Error(`injected id ${id} is not a live entry`);
}

/** Every invariant of one assembled context. */
export function checkContext(brain: Brain, r: ContextResult, budget: number): void {
  // The memory budget plus the always-loaded brain files' own allowance (0 when they share the budget).
  assert.ok(
    r.tokens <= budget + r.fileBudget,
    `tokens ${r.tokens} > budget ${budget} + files ${r.fileBudget}`,
  );
  assert.equal(r.tokens, Math.ceil(r.text.length / 4), "tokens must be ceil(text.length / 4)");
  assert.equal(r.budget, budget);
  assert.equal(r.text, r.blocks.map((b) => b.text).join("\n\n"), "text is the blocks joined by blank lines");
  // Inputs are well-formed UTF-16, so must the output be: no cut may split a surrogate pair.
  assert.ok(!LONE_SURROGATE.test(r.text), "the text contains a lone surrogate (a cut split an emoji)");
  for (const b of r.blocks) assert.equal(b.tokens, Math.ceil(b.text.length / 4), `block ${b.id} tokens`);
  // Stable (cacheable) blocks all come before volatile ones.
  const firstVolatile = r.blocks.findIndex((b) => !b.cacheable);
  if (firstVolatile >= 0)
    assert.ok(
      r.blocks.slice(firstVolatile).every((b) => !b.cacheable),
      "stable after volatile",
    );
  // injectedIds is exactly the union of the blocks' entryIds (in order), without duplicates.
  assert.deepEqual(
    r.injectedIds,
    r.blocks.flatMap((b) => b.entryIds),
  );
  assert.equal(new Set(r.injectedIds).size, r.injectedIds.length, "an id is injected twice");
  const live = new Set(LIVE.flatMap((t) => brain.state.list(t).map((x) => x.id)));
  for (const id of r.injectedIds) {
    assert.ok(live.has(id), `injected id ${id} is not a live entry`);
    const block = r.blocks.find((b) => b.entryIds.includes(id));
    assert.ok(block);
    const { line, truncatable, header } = renderedLine(brain, id);
    if (header) assert.ok(block.text.startsWith(`${header}\n`), `context ${id}: header missing`);
    if (block.text.includes(line)) continue;
    // Only the first line of a contiguous section may be shown truncated, ending with an ellipsis.
    assert.ok(truncatable, `${id}: "${line.slice(0, 80)}" missing from block ${block.id}`);
    // The truncated item is then the block's only item: header line, the item, perhaps the omission marker.
    const body = block.text.slice(block.text.indexOf("\n") + 1).replace(/\n\(…\d+ more omitted\)$/, "");
    assert.ok(
      body.endsWith("…") && body.length >= 2 && line.startsWith(body.slice(0, -1)),
      `${id}: neither "${line.slice(0, 80)}" nor a truncation of it is in block ${block.id}`,
    );
  }
}
