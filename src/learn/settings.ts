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
    autoAccept: config.autoAccept,
    curatorThreshold: config.curatorThreshold,
  };
}

/** The learner's caps from the settings (`learner.maxLineBytes`, `learner.maxTurnChars`). */
export function learnerCaps(config: ResolvedConfig): {
  caps: { maxLineBytes: number; maxTurnChars: number };
} {
  return { caps: { ...config.learner } };
}
