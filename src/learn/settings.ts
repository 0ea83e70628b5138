import type { ResolvedConfig } from "../config.ts";
import type { LearnSettings } from "./learn-run.ts";

/** The learner's model (resolved and loaded only here, on first need) and its curator settings. */
export function learnSettings(config: ResolvedConfig): LearnSettings {
  return {
    extractor: async () => {
      const src = config.extraction;
      const { parseExtraction } = await import("./extract/config.ts");
      const ex = parseExtraction(src?.file ?? config.configPath, src?.raw, src?.env ?? {});
      if (!ex) return undefined;
      const { createProvider } = await import("./extract/providers.ts");
      return {
        provider: await createProvider(ex),
        ...(ex.maxItems ? { maxItems: ex.maxItems } : {}),
        ...(ex.maxChars ? { maxChars: ex.maxChars } : {}),
        ...(ex.summaryChars !== undefined ? { summaryChars: ex.summaryChars } : {}),
      };
    },
    describe: () => describeModel(config),
    autoAccept: config.autoAccept,
    curatorThreshold: config.curatorThreshold,
  };
}

/**
 * The learner's model in words ("anthropic claude-haiku-5-5, from the key in ANTHROPIC_API_KEY"), undefined
 * on the model-free path; a settings error is thrown (BrainError CONFIG), as the learner would meet it.
 */
export async function describeModel(config: ResolvedConfig): Promise<string | undefined> {
  const src = config.extraction;
  const { parseExtraction } = await import("./extract/config.ts");
  const ex = parseExtraction(src?.file ?? config.configPath, src?.raw, src?.env ?? {});
  if (!ex) return undefined;
  const via =
    src?.raw === undefined
      ? `from the key in ${ex.apiKeyEnv}`
      : `configured in ${src.file ?? config.configPath}${ex.apiKeyEnv && !ex.apiKey ? ` (no key in ${ex.apiKeyEnv})` : ""}`;
  return `${ex.provider} ${ex.model} at ${ex.baseUrl}, ${via}`;
}

/** The learner's caps from the settings (`learner.maxLineBytes`, `learner.maxTurnChars`). */
export function learnerCaps(config: ResolvedConfig): {
  caps: { maxLineBytes: number; maxTurnChars: number };
} {
  return { caps: { ...config.learner } };
}
