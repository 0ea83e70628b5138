/**
 * Codex's `--output-schema` is sent with `"strict": true`, and OpenAI's strict mode rejects a schema unless every
 * object requires every property and forbids others (optional → required and nullable), without `oneOf` and
 * without length or pattern bounds. The extraction schema in every variant the learner asks for
 * (items cap, a project or none, a summary or none) must come out strict-valid, and an answer using the
 * nulls must still pass the zod schema after `dropNulls`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { extractionSchema } from "../../src/learn/extract/schema.ts";
import { dropNulls, strictSchema } from "../../src/learn/extract/strict-schema.ts";
import { fc } from "../support/fc.ts";
import { strictViolations } from "../support/strict-violations.ts";

const variants = fc.record({
  maxItems: fc.integer({ min: 1, max: 20 }),
  project: fc.boolean(),
  summaryChars: fc.constantFrom(0, 40, 160, 500),
});

test("the extraction schema, every variant: zod's JSON Schema is not strict-valid, strictSchema's is", () => {
  fc.assert(
    fc.property(variants, ({ maxItems, project, summaryChars }) => {
      const schema = extractionSchema({
        maxItems,
        summaryChars,
        ...(project ? { projectPath: "/repo" } : {}),
      });
      const { $schema: _, ...raw } = z.toJSONSchema(schema, { unrepresentable: "any" });
      assert.notDeepEqual(strictViolations(raw), [], "the raw schema breaks strict mode (why this exists)");
      assert.deepEqual(strictViolations(strictSchema(raw)), []);
    }),
  );
});

test("an answer written under the strict schema (nulls for what it had nothing for) passes the zod schema after dropNulls", () => {
  fc.assert(
    fc.property(variants, fc.boolean(), ({ maxItems, project, summaryChars }, withSummary) => {
      const schema = extractionSchema({
        maxItems,
        summaryChars,
        ...(project ? { projectPath: "/repo" } : {}),
      });
      const answer = {
        items: [
          {
            type: "learning",
            text: "Use pnpm, never npm",
            importance: "high",
            scope: null,
            projectPath: null,
          },
          { type: "identity", key: "name", value: "Ana", importance: "low" },
        ].slice(0, maxItems),
        summary: withSummary && summaryChars ? "Told to use pnpm" : null,
      };
      const r = schema.safeParse(dropNulls(answer));
      assert.ok(r.success, JSON.stringify(r.error?.issues));
    }),
  );
});
