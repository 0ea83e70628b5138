/**
 * An unknown entry type is named before any parameter is looked at (issue 21): Rho's own tool test sends
 * `add type=alien data=foo` and expects `unknown type "alien"`, not `unknown parameter data`. The class: any
 * action that takes a type × any unknown type × any extra parameters (names nobody knows, values that look
 * like secrets), through the engine every surface calls, then through the CLI, MCP and HTTP surfaces.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { KNOWN_PARAMS } from "../../src/core/tool-fields.ts";
import { LIVE_TYPES } from "../../src/core/types.ts";
import { Brain } from "../../src/index.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { startMcp } from "../mcp/_support.ts";
import { brain as cli, freshSandbox } from "../support/cli.ts";
import { fc } from "../support/fc.ts";

const KNOWN = new Set<string>([...LIVE_TYPES, "tombstone"]);
const unknownType = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((t) => !KNOWN.has(t) && t.trim() === t && t.length > 0);
const extraName = fc
  .stringMatching(/^[a-z][a-z_]{0,10}$/)
  .filter((k) => !(KNOWN_PARAMS as readonly string[]).includes(k));
const extraValue = fc.oneof(
  fc.string(),
  fc.constant("AKIAIOSFODNN7EXAMPLE"),
  fc.constant("-----BEGIN RSA PRIVATE KEY-----"),
  fc.integer(),
);
const extras = fc.dictionary(extraName, extraValue, { maxKeys: 4 });

describe("an unknown type is named before the parameters", () => {
  test("engine: add / list / remove / update × any unknown type × any extra parameters", async () => {
    const brain = Brain.open({ store: new MemoryStore(), seedDefault: false });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("add", "list", "remove", "update"),
        unknownType,
        extras,
        async (action, type, extra) => {
          const params = { ...extra, action, type, id: "abcd1234", text: "x" };
          await assert.rejects(brain.act(params), (e: Error) => {
            assert.ok(e.message.startsWith(`unknown type "${type}"`), e.message);
            return true;
          });
        },
      ),
    );
  });

  test("a missing type on add is named before the parameters too", async () => {
    const brain = Brain.open({ store: new MemoryStore(), seedDefault: false });
    await assert.rejects(
      brain.act({ action: "add", data: "foo" }),
      /^BrainError: add requires type|add requires type/,
    );
  });

  test("CLI: brain add type=alien data=foo", async (t) => {
    const sb = freshSandbox(t);
    const r = await cli(sb, ["add", "type=alien", "data=foo"]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /unknown type "alien"/);
    assert.doesNotMatch(r.stderr, /unknown parameter/);
  });

  test("MCP: the brain tool with type=alien data=foo", async () => {
    const f = await startMcp();
    try {
      const r = (await f.client.callTool({
        name: "brain",
        arguments: { action: "add", type: "alien", data: "foo" },
      })) as { isError?: boolean; content: { text: string }[] };
      assert.equal(r.isError, true);
      assert.match(r.content[0]?.text ?? "", /unknown type "alien"/);
    } finally {
      await f.close();
    }
  });
});
