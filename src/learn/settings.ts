import type { ResolvedConfig } from "../config.ts";
import { BrainHome } from "../store/home.ts";
import type { LearnSettings } from "./learn-run.ts";

/** The learner's model (resolved and loaded only here, on first need) and its curator settings. */
export function learnSettings(config: ResolvedConfig): LearnSettings {
  return {
    extractor: async () => {
      const src = config.extraction;
      const host = await headlessOf(config);
      // Named but not installed: the model-free path, as `describeModel` says (not an error every run).
      if (host && !host.file) return undefined;
      if (host?.file) {
        const { createHeadlessProvider } = await import("./extract/headless.ts");
        return {
          provider: createHeadlessProvider(host.config, host.file, {
            budget: host.budget,
            cwd: BrainHome.of(config).local,
            places: { codexDir: config.codexDir },
          }),
          maxItems: host.config.maxItems,
          maxChars: host.config.maxChars,
          summaryChars: host.config.summaryChars,
          ...(host.config.maxCalls ? { maxCalls: host.config.maxCalls } : {}),
        };
      }
      const { parseExtraction } = await import("./extract/config.ts");
      const ex = parseExtraction(src?.file ?? config.configPath, src?.raw, src?.env ?? {});
      if (!ex) return undefined;
      const { createProvider } = await import("./extract/providers.ts");
      return {
        provider: await createProvider(ex),
        ...(ex.maxItems ? { maxItems: ex.maxItems } : {}),
        ...(ex.maxChars ? { maxChars: ex.maxChars } : {}),
        ...(ex.summaryChars !== undefined ? { summaryChars: ex.summaryChars } : {}),
        ...(ex.maxCalls ? { maxCalls: ex.maxCalls } : {}),
      };
    },
    describe: () => describeModel(config),
    offer: () => hostOffer(config),
    autoAccept: config.autoAccept,
    curatorThreshold: config.curatorThreshold,
  };
}

const clock = (config: ResolvedConfig) => () =>
  config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date();

/** The host's headless mode when the settings name one (`extraction.provider: "claude-code"`, …), else undefined. */
async function headlessOf(config: ResolvedConfig) {
  const src = config.extraction;
  const { isHostProvider, parseHeadless, findOnPath, HOST_DEFAULTS } = await import(
    "./extract/headless-config.ts"
  );
  if (!isHostProvider(src?.raw)) return undefined;
  const env = src?.hostEnv ?? src?.env ?? {};
  const hc = parseHeadless(src?.file ?? config.configPath, src?.raw, env);
  const { hostBudget } = await import("./extract/host-budget.ts");
  return {
    config: hc,
    invocation: HOST_DEFAULTS[hc.provider].invocation,
    file: findOnPath(hc.command, env.PATH),
    budget: hostBudget(BrainHome.of(config), hc.callsPerDay, clock(config)),
  };
}

/**
 * The learner's model in words ("anthropic claude-haiku-5-5, from the key in ANTHROPIC_API_KEY"; "the host's:
 * claude-code (claude -p), 17 of 20 calls left today"), undefined on the model-free path; a settings error is
 * thrown (BrainError CONFIG), as the learner would meet it.
 */
export async function describeModel(config: ResolvedConfig): Promise<string | undefined> {
  const src = config.extraction;
  const host = await headlessOf(config);
  if (host) {
    const c = host.config;
    const where = host.file ? "" : ` (${c.command} is not on PATH: the learner goes on without a model)`;
    const model = c.model ? `model ${c.model}` : "its configured model";
    return `the host's: ${c.provider} (${host.invocation}, ${model}), ${host.budget.left()} of ${c.callsPerDay} calls left today${where}`;
  }
  const { parseExtraction } = await import("./extract/config.ts");
  const ex = parseExtraction(src?.file ?? config.configPath, src?.raw, src?.env ?? {});
  if (!ex) return undefined;
  const via =
    src?.raw === undefined
      ? `from the key in ${ex.apiKeyEnv}`
      : `configured in ${src.file ?? config.configPath}${ex.apiKeyEnv && !ex.apiKey ? ` (no key in ${ex.apiKeyEnv})` : ""}`;
  return `${ex.provider} ${ex.model} at ${ex.baseUrl}, ${via}`;
}

/**
 * What the user could switch on when the learner has no model (issue 23): an agent host's headless mode, for
 * each host whose program is on PATH, when no key is set. Offered in words only — it spends the user's quota.
 */
export async function hostOffer(config: ResolvedConfig): Promise<string | undefined> {
  const src = config.extraction;
  if (src?.raw !== undefined) return undefined;
  const hosts = await installedHosts(src?.env.PATH);
  const [first, ...more] = hosts;
  if (!first) return undefined;
  const { HEADLESS_DEFAULTS } = await import("./extract/headless-config.ts");
  const quota = `your sign-in's quota, at most ${HEADLESS_DEFAULTS.callsPerDay} calls a day`;
  if (!more.length)
    return `${first.host} is installed: to learn with its model (${quota}), run \`brain learn --use ${first.provider}\`; or set ANTHROPIC_API_KEY or OPENAI_API_KEY`;
  const names = hosts.map((h) => h.host);
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are installed: to learn with one's model (${quota}), run \`brain learn --use ${hosts.map((h) => h.provider).join("|")}\`; or set ANTHROPIC_API_KEY or OPENAI_API_KEY`;
}

/** The agent hosts with a headless mode whose program is on `path`, in HOST_PROVIDERS' order. */
export async function installedHosts(
  path: string | undefined,
): Promise<{ provider: import("./extract/headless-config.ts").HostProviderName; host: string }[]> {
  const { findOnPath, HOST_DEFAULTS, HOST_PROVIDERS } = await import("./extract/headless-config.ts");
  return HOST_PROVIDERS.filter((p) => findOnPath(HOST_DEFAULTS[p].command, path)).map((provider) => ({
    provider,
    host: HOST_DEFAULTS[provider].host,
  }));
}

/** The learner's caps from the settings (`learner.maxLineBytes`, `learner.maxTurnChars`). */
export function learnerCaps(config: ResolvedConfig): {
  caps: { maxLineBytes: number; maxTurnChars: number };
} {
  return { caps: { ...config.learner } };
}
