import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { BrainError } from "../../src/core/errors.ts";
import {
  DEFAULT_BASE_URLS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  parseExtraction,
  SMALLEST_MODELS,
} from "../../src/learn/extract/config.ts";
import { DEFAULT_RETRY, retryAfterMs, retryDelay } from "../../src/learn/extract/retry.ts";

const FILE = "/home/u/.rho/config.json";

test("nothing configured and no key: no extraction model", () => {
  assert.equal(parseExtraction(FILE, undefined, {}), undefined);
  assert.equal(parseExtraction(FILE, undefined, { ANTHROPIC_API_KEY: "" }), undefined);
});

test("nothing configured: a key in the environment picks that provider's smallest model, Anthropic first", () => {
  assert.deepEqual(parseExtraction(FILE, undefined, { OPENAI_API_KEY: "sk-o" }), {
    provider: "openai",
    baseUrl: DEFAULT_BASE_URLS.openai,
    model: SMALLEST_MODELS.openai,
    apiKeyEnv: "OPENAI_API_KEY",
    apiKey: "sk-o",
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxRetries: DEFAULT_MAX_RETRIES,
    maxItems: 3,
    maxChars: 200,
    summaryChars: 160,
  });
  const both = parseExtraction(FILE, undefined, { OPENAI_API_KEY: "sk-o", ANTHROPIC_API_KEY: "sk-a" });
  assert.equal(both?.provider, "anthropic");
  assert.equal(both?.model, SMALLEST_MODELS.anthropic);
  assert.equal(both?.apiKey, "sk-a");
});

test("a configured provider fills in base URL, model and key variable; the key comes from the env passed in", () => {
  const c = parseExtraction(FILE, { provider: "anthropic" }, { ANTHROPIC_API_KEY: "sk-a" });
  assert.equal(c?.baseUrl, "https://api.anthropic.com/v1");
  assert.equal(c?.model, SMALLEST_MODELS.anthropic);
  assert.equal(c?.apiKey, "sk-a");

  const local = parseExtraction(
    FILE,
    {
      provider: "openai",
      baseUrl: "http://127.0.0.1:1234/v1/",
      model: "qwen2.5-0.5b-instruct",
      apiKeyEnv: "LMSTUDIO_KEY",
      timeoutMs: 5000,
      maxRetries: 0,
      maxItems: 2,
      maxChars: 120,
      summaryChars: 80,
    },
    { LMSTUDIO_KEY: "lm", OPENAI_API_KEY: "not this one" },
  );
  assert.deepEqual(local, {
    provider: "openai",
    baseUrl: "http://127.0.0.1:1234/v1",
    model: "qwen2.5-0.5b-instruct",
    apiKeyEnv: "LMSTUDIO_KEY",
    apiKey: "lm",
    timeoutMs: 5000,
    maxRetries: 0,
    maxItems: 2,
    maxChars: 120,
    summaryChars: 80,
  });
  assert.equal(parseExtraction(FILE, { provider: "anthropic", summaryChars: 0 }, {})?.summaryChars, 0);

  const ollama = parseExtraction(FILE, { provider: "ollama", model: "llama3.2:1b" }, { OPENAI_API_KEY: "x" });
  assert.equal(ollama?.baseUrl, "http://127.0.0.1:11434");
  assert.equal(ollama?.apiKey, undefined);
  assert.equal(ollama?.apiKeyEnv, undefined);
});

test("bad extraction settings are CONFIG errors that name the file and the key", () => {
  const cases: [unknown, RegExp][] = [
    ["anthropic", /"extraction"/],
    [{ provider: "gemini" }, /"extraction"\.provider/],
    [{ provider: "openai", baseUrl: "ftp://x" }, /"extraction"\.baseUrl/],
    [{ provider: "openai", timeoutMs: -1 }, /"extraction"\.timeoutMs/],
    [{ provider: "openai", maxRetries: 1.5 }, /"extraction"\.maxRetries/],
    [{ provider: "openai", summaryChars: 10 }, /"extraction"\.summaryChars/],
    [{ provider: "openai", modle: "typo" }, /"extraction"/],
    [{ provider: "ollama" }, /model is required for ollama/],
  ];
  for (const [raw, message] of cases) {
    assert.throws(
      () => parseExtraction(FILE, raw, {}),
      (error: unknown) => {
        assert.ok(error instanceof BrainError, `${JSON.stringify(raw)} throws a BrainError`);
        assert.equal(error.code, "CONFIG");
        assert.match(error.message, message);
        assert.ok(error.message.startsWith(FILE));
        return true;
      },
    );
  }
});

test("Retry-After in seconds or as an HTTP date; waits capped; backoff doubles", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  assert.equal(retryAfterMs("7", now), 7000);
  assert.equal(retryAfterMs("0.5", now), 500);
  assert.equal(retryAfterMs("Sun, 22 Nov 2026 12:00:30 GMT", now), 30_000);
  assert.equal(retryAfterMs("Sun, 22 Nov 2026 11:00:00 GMT", now), 0);
  assert.equal(retryAfterMs("soon", now), undefined);
  assert.equal(retryAfterMs(undefined, now), undefined);
  const policy = { ...DEFAULT_RETRY, maxRetries: 5, random: () => 0, now: () => now };
  assert.deepEqual(
    [0, 1, 2].map((n) => retryDelay(n, undefined, policy)),
    [500, 1000, 2000],
  );
  assert.equal(retryDelay(0, "86400", policy), DEFAULT_RETRY.maxDelayMs);
  assert.equal(retryDelay(10, undefined, policy), DEFAULT_RETRY.maxDelayMs);
});

test("the provider layer is never loaded statically: SDK packages are imported only by src/learn/extract, lazily", () => {
  const sdk =
    /(\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(["'])(ai|@ai-sdk\/[\w-]+|ollama-ai-provider-v2)\2/;
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) {
        const rel = relative("src", path);
        for (const line of readFileSync(path, "utf8").split("\n")) {
          if (!sdk.test(line)) continue;
          const typeOnly = /^\s*import type .* from /.test(line);
          const lazy =
            /\bimport\s*\(/.test(line) &&
            !/\bfrom\s*["']/.test(line) &&
            rel.startsWith(join("learn", "extract"));
          if (!typeOnly && !lazy) offenders.push(`${rel}: ${line.trim()}`);
        }
      }
    }
  };
  walk("src");
  assert.deepEqual(offenders, []);
});
