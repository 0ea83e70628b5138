/** One extraction request and its answer, shared by the headless providers' tests (claude, codex, gemini). */
import assert from "node:assert/strict";
import { extractionSchema } from "../../src/learn/extract/schema.ts";
import { LlmError, type LlmRequest } from "../../src/learn/extract/types.ts";

export const ANSWER = {
  items: [{ type: "learning", text: "Use pnpm, never npm, in this repo", importance: "high" }],
};

export const request: LlmRequest<unknown> = {
  system: "You read part of a conversation … pick out the few things worth remembering",
  messages: [
    { role: "user", content: "<transcript>\n[user] No, don't use npm here. Always pnpm.\n</transcript>" },
  ],
  schema: extractionSchema({ maxItems: 3, maxChars: 200 }),
};

/** The LlmError a provider call rejects with (fails the test when it resolves or throws something else). */
export async function failure(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof LlmError, String(e));
    return e;
  }
  assert.fail("expected an LlmError");
}
