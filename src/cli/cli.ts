import { ACTIONS } from "../core/action-names.ts";
import { BrainError } from "../core/errors.ts";
import { commandIndex, VALUE_OPTIONS } from "./argv.ts";
import { loadedConfig } from "./cli-config.ts";
import { warnMissingCwd } from "./cwd.ts";
import type { GlobalOpts } from "./open-layer.ts";
import { EXIT, fail } from "./output.ts";
import { run } from "./run-command.ts";
import { printedVersion } from "./version.ts";

const isAction = (word: string | undefined): word is string =>
  (ACTIONS as readonly string[]).includes(word ?? "");

/** Global options that take a value as the next word. */

/**
 * Accept the seed's own syntax: `brain action=add type=learning …` runs as `brain add type=learning …`, also
 * after global options (`brain --json action=add …`).
 */
function normaliseArgv(argv: string[]): string[] {
  const i = commandIndex(argv, 2);
  const first = argv[i];
  if (first?.startsWith("action="))
    return [...argv.slice(0, i), first.slice("action=".length), ...argv.slice(i + 1)];
  return argv;
}

/** `brain help lst` answers like `brain lst`: one line with a suggestion, not the whole help. */
function helpTopic(argv: string[], known: ReadonlySet<string>): string[] {
  const i = commandIndex(argv, 2);
  const topic = argv[i + 1];
  if (argv[i] === "help" && topic && !topic.startsWith("-") && !known.has(topic))
    return [...argv.slice(0, i), ...argv.slice(i + 1)];
  return argv;
}

/**
 * The commands agents and their hooks run on every prompt or start (`brain`, `brain stats`, `brain hook
 * <event>`, the brain tool's `brain <action> key=value …`, `brain --version`) in their plain form (global
 * options first, no option after the command) run without loading commander and building every command.
 * Anything else (help, other options, other commands, usage errors) goes to commander (program.ts), so it
 * behaves exactly as before.
 */
function direct(argv: string[], hookStdin?: string): (() => Promise<void>) | null {
  const g: GlobalOpts = {};
  const fn = directCommand(argv, g, hookStdin);
  // A mistyped --cwd is said once the command is known to run here (commander's path: program.ts).
  if (!fn) return null;
  return () => {
    warnMissingCwd(g.cwd);
    return fn();
  };
}

function directCommand(argv: string[], g: GlobalOpts, hookStdin?: string): (() => Promise<void>) | null {
  if (printedVersion(argv)) return async () => {};
  let i = 2;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    const value = argv[i + 1];
    if (a === "--json") g.json = true;
    else if (VALUE_OPTIONS.has(a) && value !== undefined && !value.startsWith("-")) {
      if (a === "--brain") g.brain = value;
      else g.cwd = value;
      i++;
    } else break;
  }
  const words = argv.slice(i);
  const [command, arg, ...extra] = words;
  const json = () => Boolean(g.json);
  if (isAction(command) && words.every((w) => !w.startsWith("-")))
    return () => run(async () => (await import("./actions.ts")).runAction(command, words.slice(1), g), json);
  if (command === "stats" && arg === undefined)
    return () => run(async () => (await import("./stats.ts")).runStats(g), json);
  if (command === "hook" && arg !== undefined && !arg.startsWith("-") && extra.length === 0)
    return () =>
      run(
        async () => (await import("./hook.ts")).runHook(arg, g, hookStdin),
        () => false,
      );
  return null;
}

/**
 * The CLI proper (src/cli/main.ts, the bin, comes here for everything the resident server did not answer).
 * `hookStdin`: the hook input main.ts already read while asking the server (the hook then works in process).
 */
export async function main(hookStdin?: string): Promise<void> {
  const argv = process.argv.length <= 2 ? [...process.argv, "stats"] : normaliseArgv(process.argv);
  const fast = direct(argv, hookStdin);
  if (fast) return fast();
  const { buildProgram } = await import("./program.ts");
  // Per-action help brings zod (the schema registry): loaded only when help is asked for.
  const wantsHelp = argv.slice(2).some((a) => a === "--help" || a === "-h" || a === "help");
  const program = buildProgram(wantsHelp ? (await import("./help.ts")).actionHelp : undefined);
  try {
    await program.parseAsync(helpTopic(argv, new Set(program.commands.map((c) => c.name()))));
  } catch (err) {
    const e = err as { code?: string; exitCode?: number };
    const json = process.argv.includes("--json");
    if (e.code === "commander.helpDisplayed" || e.code === "commander.version") process.exitCode = 0;
    else if (e.code === "commander.help")
      process.exitCode = e.exitCode ?? 0; // `brain help <command>`
    else if (e.code?.startsWith("commander.")) {
      // A usage error (unknown command, missing argument …): commander printed it; --json also gets JSON.
      const message = err instanceof Error ? err.message.replace(/^error: /, "") : String(err);
      process.exitCode = json ? fail(new BrainError("INVALID", message), { json }) : EXIT.INVALID;
    } else if (typeof e.exitCode === "number") process.exitCode = e.exitCode;
    else process.exitCode = fail(err, { json, debug: loadedConfig()?.debug ?? false });
  }
}
