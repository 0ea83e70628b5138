import { BrainError } from "../core/errors.ts";
import { stdStream } from "../hooks/std-out.ts";
import type { HostProviderName } from "../learn/extract/headless-config.ts";
import { cliConfig } from "./cli-config.ts";

/**
 * The learner's model at `brain install claude|codex|gemini` (issue 23): the host just installed is itself a
 * model client, and most of its users have no API key. `--learn-with-<host>` (or `--learn-with-host`)
 * switches the learner to the host's headless mode; without a flag, when the learner has no model and the
 * host's program is on PATH, a terminal is asked once (y/N, default no) and a script is told the flag. Never
 * asked with `--no-learn-with-host`, `--yes` (no questions: nothing is switched on) or `--json`; never
 * switched on silently, since it spends the user's quota.
 */
export const INSTALL_PROVIDERS: Record<string, HostProviderName> = {
  claude: "claude-code",
  codex: "codex-cli",
  gemini: "gemini-cli",
};

export interface LearningOpts {
  brain?: string;
  json?: boolean;
  yes?: boolean;
  learnWithHost?: boolean;
  learnWithClaude?: boolean;
  learnWithCodex?: boolean;
  learnWithGemini?: boolean;
}

export interface LearningOutcome {
  line: string;
  switched: boolean;
  /** "flag", "asked" (the user said yes or no at the terminal) or "offered" (told the flag). */
  how: "flag" | "asked" | "offered";
}

/** What the flags say: true (switch on), false (do not, do not ask), undefined (ask a terminal, else offer). */
export function learnWith(host: string, o: LearningOpts): boolean | undefined {
  const named = { claude: o.learnWithClaude, codex: o.learnWithCodex, gemini: o.learnWithGemini };
  for (const [h, on] of Object.entries(named))
    if (on && h !== host)
      throw new BrainError("INVALID", `--learn-with-${h} goes with \`brain install ${h}\`, not ${host}`);
  return named[host as keyof typeof named] ? true : o.learnWithHost;
}

async function ask(question: string): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: stdStream(1) });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

export async function learningStep(host: string, o: LearningOpts): Promise<LearningOutcome | undefined> {
  const provider = INSTALL_PROVIDERS[host];
  const want = learnWith(host, o);
  if (!provider) {
    if (want) throw new BrainError("INVALID", `--learn-with-host: ${host} has no headless mode Brain uses`);
    return undefined;
  }
  let config: ReturnType<typeof cliConfig>;
  try {
    config = cliConfig(o.brain);
  } catch (e) {
    if (want) throw e;
    return undefined; // a settings file that does not load is not the install's to report; no offer then
  }
  const { useHost } = await import("../learn/extract/use-host.ts");
  const use = () => useHost(config.configPath, provider, config.extraction?.env.PATH).line;
  if (want) return { line: use(), switched: true, how: "flag" };
  if (want === false) return undefined;
  const { describeModel } = await import("../learn/settings.ts");
  if (await describeModel(config).catch(() => "unknown")) return undefined;
  const { findOnPath, HOST_DEFAULTS, HEADLESS_DEFAULTS } = await import(
    "../learn/extract/headless-config.ts"
  );
  const d = HOST_DEFAULTS[provider];
  if (!findOnPath(d.command, config.extraction?.env.PATH)) return undefined;
  const quota = `${d.signIn}'s quota, at most ${HEADLESS_DEFAULTS.callsPerDay} calls a day`;
  if (!o.yes && !o.json && process.stdin.isTTY && process.stdout.isTTY) {
    const yes = await ask(
      `The learner has no model (no API key). Let it use ${d.host}'s model (${d.invocation}: ${quota})? [y/N] `,
    );
    return yes
      ? { line: use(), switched: true, how: "asked" }
      : {
          line: `The learner stays without a model. Later: brain learn --use ${provider}`,
          switched: false,
          how: "asked",
        };
  }
  return {
    line: `The learner has no model (no API key): it proposes candidates for \`brain inbox\`. ${d.host} can be its model (${quota}): brain install ${host} --learn-with-${host}, or brain learn --use ${provider}`,
    switched: false,
    how: "offered",
  };
}
