import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { z } from "zod";
import { type ExtractionConfig, SMALLEST_MODELS } from "../../src/learn/extract/config.ts";
import { createProvider } from "../../src/learn/extract/providers.ts";
import { type Extraction, extractionSchema } from "../../src/learn/extract/schema.ts";
import { LlmError, type LlmProvider, type LlmRequest } from "../../src/learn/extract/types.ts";
import { FAKE_USAGE, type FakeLlm, forcedTool, startFakeLlm, type WireFormat } from "../support/fake-llm.ts";

// A stand-in for the learner's schema (src/learn/extract/schema.ts is written elsewhere).
const itemsSchema = z.object({
  items: z.array(z.object({ type: z.enum(["learning", "preference"]), text: z.string().max(200) })).max(3),
});
type Items = z.infer<typeof itemsSchema>;

const GOOD: Items = { items: [{ type: "learning", text: "The staging server listens on port 8443." }] };
const MODELS: Record<WireFormat, string> = {
  openai: SMALLEST_MODELS.openai,
  anthropic: SMALLEST_MODELS.anthropic,
  ollama: "qwen3:0.6b",
};

const request: LlmRequest<Items> = {
  system: "Extract durable memories.",
  messages: [
    { role: "user", content: "staging moved to 8443" },
    { role: "assistant", content: "Noted, I updated the compose file." },
    { role: "user", content: "Which of this is worth remembering?" },
  ],
  schema: itemsSchema,
  schemaName: "memories",
};

/** The schema the request carried, wherever this wire format puts it, and whether the provider must obey it. */
function forcedSchema(
  format: WireFormat,
  body: Record<string, unknown>,
): { schema: unknown; forced: boolean } {
  if (format === "openai") {
    const rf = body.response_format as {
      type: string;
      json_schema: { schema: unknown; strict: boolean; name: string };
    };
    assert.equal(rf.type, "json_schema");
    assert.equal(rf.json_schema.name, "memories");
    return { schema: rf.json_schema.schema, forced: rf.json_schema.strict };
  }
  if (format === "anthropic") {
    const native = (body.output_config as { format?: { type: string; schema: unknown } } | undefined)?.format;
    if (native) return { schema: native.schema, forced: native.type === "json_schema" };
    const name = forcedTool(body);
    const tool = (body.tools as { name: string; input_schema: unknown }[]).find((t) => t.name === name);
    return { schema: tool?.input_schema, forced: tool !== undefined };
  }
  return { schema: body.format, forced: typeof body.format === "object" };
}

/** The conversation as the fake saw it: [role, text] pairs, system prompt included where the format has one inline. */
function conversation(format: WireFormat, body: Record<string, unknown>): [string, string][] {
  const messages = body.messages as { role: string; content: unknown }[];
  const flat = messages.map((m): [string, string] => [
    m.role,
    typeof m.content === "string"
      ? m.content
      : (m.content as { text?: string }[]).map((p) => p.text ?? "").join(""),
  ]);
  if (format !== "anthropic") return flat;
  const system = body.system as { text: string }[] | string;
  return [["system", typeof system === "string" ? system : system.map((s) => s.text).join("")], ...flat];
}

for (const format of ["openai", "anthropic", "ollama"] as const) {
  describe(`${format} wire format`, () => {
    let fake: FakeLlm;
    let sleeps: number[];
    const make = (overrides: Partial<ExtractionConfig> = {}): Promise<LlmProvider> =>
      createProvider(
        {
          provider: format,
          baseUrl: fake.baseUrl,
          model: MODELS[format],
          apiKey: "test-key",
          timeoutMs: 30_000,
          maxRetries: 2,
          ...overrides,
        },
        { retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, baseDelayMs: 100 } },
      );
    const fresh = () => {
      fake.requests.length = 0;
      sleeps = [];
    };

    before(async () => {
      fake = await startFakeLlm(format);
    });
    after(() => fake.close());

    test("a good answer comes back validated, with usage; the request forces the schema and names the model", async () => {
      fresh();
      fake.script({ answer: GOOD });
      const result = await (await make()).complete(request);
      assert.deepEqual(result.value, GOOD);
      assert.deepEqual(result.usage, FAKE_USAGE);
      assert.equal(result.calls, 1);
      assert.equal(result.repaired, false);
      assert.equal(fake.requests.length, 1);
      const body = fake.requests[0]?.body as Record<string, unknown>;
      assert.equal(body.model, MODELS[format]);
      const { schema, forced } = forcedSchema(format, body);
      assert.equal(forced, true);
      const items = (schema as { properties: { items: { type: string; maxItems?: number } } }).properties
        .items;
      assert.equal(items.type, "array");
      // Anthropic's native format has no maxItems (the SDK moves it into the description); zod still enforces it.
      if (format !== "anthropic") assert.equal(items.maxItems, 3);
      assert.deepEqual(conversation(format, body), [
        ["system", "Extract durable memories."],
        ["user", "staging moved to 8443"],
        ["assistant", "Noted, I updated the compose file."],
        ["user", "Which of this is worth remembering?"],
      ]);
      if (format === "anthropic") assert.equal(fake.requests[0]?.headers["x-api-key"], "test-key");
      else if (format === "openai") assert.equal(fake.requests[0]?.headers.authorization, "Bearer test-key");
    });

    test("malformed JSON gets one repair call that shows the model its answer; the repaired value is returned", async () => {
      fresh();
      const broken = '{"items": [{"type": "learning", "text": ';
      fake.script({ malformed: broken }, { answer: GOOD });
      const result = await (await make()).complete(request);
      assert.deepEqual(result.value, GOOD);
      assert.equal(result.repaired, true);
      assert.equal(result.calls, 2);
      assert.deepEqual(result.usage, {
        inputTokens: 2 * FAKE_USAGE.inputTokens,
        outputTokens: 2 * FAKE_USAGE.outputTokens,
      });
      const turns = conversation(format, fake.requests[1]?.body as Record<string, unknown>);
      const last = turns.at(-1) as [string, string];
      assert.equal(last[0], "user");
      assert.match(last[1], /previous answer could not be used/);
      const shown = turns.at(-2) as [string, string];
      assert.equal(shown[0], "assistant");
      assert.equal(shown[1], broken);
    });

    test("an answer that breaks the schema twice fails cleanly as malformed after exactly two calls", async () => {
      fresh();
      const tooLong = { items: [{ type: "learning", text: "x".repeat(300) }] };
      fake.script({ answer: tooLong }, { malformed: "sorry, I cannot" });
      await assert.rejects((async () => (await make()).complete(request))(), (error: unknown) => {
        assert.ok(error instanceof LlmError);
        assert.equal(error.failure, "malformed");
        assert.equal(error.calls, 2);
        return true;
      });
      assert.equal(fake.requests.length, 2);
    });

    test("429 with Retry-After waits what the server asked (capped), then succeeds", async () => {
      fresh();
      fake.script(
        { status: 429, headers: { "retry-after": "2" } },
        { status: 429, headers: { "retry-after": "3600" } },
      );
      fake.script({ answer: GOOD });
      const provider = await createProvider(
        { provider: format, baseUrl: fake.baseUrl, model: MODELS[format], timeoutMs: 30_000, maxRetries: 2 },
        { retry: { sleep: async (ms) => void sleeps.push(ms), maxDelayMs: 60_000 } },
      );
      const result = await provider.complete(request);
      assert.deepEqual(result.value, GOOD);
      assert.equal(result.calls, 3);
      assert.deepEqual(sleeps, [2_000, 60_000]);
    });

    test("5xx is retried with growing backoff; a server down for every retry fails as 'server'", async () => {
      fresh();
      fake.script({ status: 500 }, { status: 503 }, { answer: GOOD });
      const result = await (await make()).complete(request);
      assert.deepEqual(result.value, GOOD);
      assert.equal(result.calls, 3);
      assert.deepEqual(sleeps, [75, 150]);

      fresh();
      fake.script({ status: 500 }, { status: 500 }, { status: 500 }, { answer: GOOD });
      await assert.rejects((async () => (await make()).complete(request))(), (error: unknown) => {
        assert.ok(error instanceof LlmError);
        assert.equal(error.failure, "server");
        assert.equal(error.status, 500);
        assert.equal(error.calls, 3);
        return true;
      });
      assert.equal(fake.requests.length, 3);
      fake.requests.length = 0;
      assert.deepEqual(
        (await (await make()).complete(request)).value,
        GOOD,
        "the unused good answer is still queued",
      );
    });

    test("a client error (400) is not retried", async () => {
      fresh();
      fake.script({ status: 400, body: { error: { message: "bad request" } } });
      await assert.rejects((async () => (await make()).complete(request))(), (error: unknown) => {
        assert.ok(error instanceof LlmError);
        assert.equal(error.failure, "http");
        assert.equal(error.status, 400);
        return true;
      });
      assert.equal(fake.requests.length, 1);
      assert.deepEqual(sleeps, []);
    });

    test("a server that never answers times out after one call", async () => {
      fresh();
      fake.script({ hang: true });
      await assert.rejects(
        (async () => (await make({ timeoutMs: 200 })).complete(request))(),
        (error: unknown) => {
          assert.ok(error instanceof LlmError);
          assert.equal(error.failure, "timeout");
          assert.equal(error.calls, 1);
          return true;
        },
      );
      assert.equal(fake.requests.length, 1);
    });

    test("the learner's schema with a session summary: sent to the model; a summary of the wrong type or length never costs the items", async () => {
      const schema = extractionSchema({ summaryChars: 60 });
      const ask = { ...request, schema } as LlmRequest<Extraction>;
      const item = { type: "learning", text: "The staging server listens on port 8443.", importance: "high" };
      fresh();
      fake.script(
        { answer: { items: [item], summary: "Moved the staging smoke tests to port 8443" } },
        { answer: { items: [item], summary: { text: "not a string" } } },
        { answer: { items: [item], summary: `Long ${"x".repeat(200)}` } },
        { answer: { items: [item] } },
      );
      const provider = await make();
      const good = await provider.complete(ask);
      assert.deepEqual(good.value, { items: [item], summary: "Moved the staging smoke tests to port 8443" });
      const sent = forcedSchema(format, fake.requests[0]?.body as Record<string, unknown>).schema as {
        properties: Record<string, unknown>;
      };
      assert.ok("summary" in sent.properties, JSON.stringify(sent));
      const wrong = await provider.complete(ask);
      assert.deepEqual(wrong.value, { items: [item], summary: null });
      const long = await provider.complete(ask);
      assert.equal(long.value.summary?.length, 60);
      assert.ok(long.value.summary?.endsWith("…"));
      const absent = await provider.complete(ask);
      assert.deepEqual(absent.value, { items: [item] });
      for (const r of [good, wrong, long, absent]) assert.equal(r.calls, 1, "no repair call");
    });
  });
}

test("a refused connection is a network failure, retried and then reported", async () => {
  const fake = await startFakeLlm("openai");
  const baseUrl = fake.baseUrl;
  await fake.close();
  const sleeps: number[] = [];
  const provider = await createProvider(
    { provider: "openai", baseUrl, model: "m", timeoutMs: 5_000, maxRetries: 1 },
    { retry: { sleep: async (ms) => void sleeps.push(ms) } },
  );
  await assert.rejects(provider.complete(request), (error: unknown) => {
    assert.ok(error instanceof LlmError);
    assert.equal(error.failure, "network");
    assert.equal(error.calls, 2);
    return true;
  });
  assert.equal(sleeps.length, 1);
});

test("an Anthropic model without native structured output gets a forced tool call, answered through tool_use", async () => {
  const fake = await startFakeLlm("anthropic");
  try {
    fake.script({ malformed: '{"items": "not a list"}' }, { answer: GOOD });
    const provider = await createProvider({
      provider: "anthropic",
      baseUrl: fake.baseUrl,
      model: "claude-3-haiku-20240307",
      apiKey: "k",
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    const result = await provider.complete(request);
    assert.deepEqual(result.value, GOOD);
    assert.equal(result.repaired, true);
    for (const { body } of fake.requests) {
      assert.equal(body.output_config, undefined);
      const name = forcedTool(body);
      assert.ok(name, "one tool is forced");
      const tool = (body.tools as { name: string; input_schema: { required: string[] } }[]).find(
        (t) => t.name === name,
      );
      assert.deepEqual(tool?.input_schema.required, ["items"]);
    }
  } finally {
    await fake.close();
  }
});
