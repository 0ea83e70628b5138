#!/usr/bin/env node
import { Command } from "commander";
import type { GlobalOpts } from "./open.ts";
import { EXIT, fail } from "./output.ts";

const ACTIONS = ["add", "update", "remove", "list", "decay", "task_done", "task_clear", "reminder_run"];

/** Accept the seed's own syntax: `brain action=add type=learning …` runs as `brain add type=learning …`. */
function normaliseArgv(argv: string[]): string[] {
  const first = argv[2];
  if (first?.startsWith("action="))
    return [...argv.slice(0, 2), first.slice("action=".length), ...argv.slice(3)];
  return argv;
}

function run(fn: () => Promise<number>, json: () => boolean): Promise<void> {
  return fn().then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.exitCode = fail(err, { json: json() });
    },
  );
}

export function buildProgram(): Command {
  const program = new Command("brain")
    .description("Local-first memory and context engine for AI agents")
    .option(
      "--brain <path>",
      "brain.jsonl to use (default: BRAIN_PATH, BRAIN_DIR, RHO_BRAIN_PATH, RHO_BRAIN_DIR, ~/.rho/brain)",
    )
    .option("--json", "machine-readable output")
    .option("--cwd <dir>", "working directory the context is for")
    .showHelpAfterError()
    .exitOverride();
  const g = () => program.opts<GlobalOpts>();

  for (const action of ACTIONS) {
    program
      .command(action)
      .description(`brain tool action: ${action} (arguments as key=value, e.g. type=learning text="…")`)
      .argument("[params...]", "key=value pairs")
      .action((words: string[]) =>
        run(
          async () => (await import("./actions.ts")).runAction(action, words, g()),
          () => Boolean(g().json),
        ),
      );
  }
  program
    .command("init")
    .description("create the brain (default behaviours, consolidation reminder) if it does not exist")
    .action(() =>
      run(
        async () => (await import("./commands.ts")).runInit(g()),
        () => Boolean(g().json),
      ),
    );
  program
    .command("context")
    .description("print the brain prompt for the working directory")
    .option("--budget <tokens>", "token budget (default: promptBudget from config, 2000)")
    .option("--format <format>", "text | json", "text")
    .option("--compat <mode>", "rho: Rho's exact rendering")
    .action((o) =>
      run(
        async () => (await import("./commands.ts")).runContext({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("stats")
    .description("counts by type, e.g. 🧠 5L 3P 2T 1R | 11beh 2id 1usr")
    .action(() =>
      run(
        async () => (await import("./commands.ts")).runStats(g()),
        () => Boolean(g().json),
      ),
    );
  program
    .command("search")
    .description("search all entries for text")
    .argument("<query...>")
    .option("--limit <n>", "at most n results")
    .action((words: string[], o) =>
      run(
        async () => (await import("./commands.ts")).runSearch(words, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("heartbeat")
    .description("what a check-in must act on: due reminders and pending tasks")
    .option("--decay", "also run decay")
    .action((o) =>
      run(
        async () => (await import("./commands.ts")).runHeartbeat({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("migrate")
    .description("import legacy core/memory/context/tasks.jsonl (legacy files are left untouched)")
    .action(() =>
      run(
        async () => (await import("./commands.ts")).runMigrate(g()),
        () => Boolean(g().json),
      ),
    );
  program
    .command("doctor")
    .description("report the log's health: bad lines, torn tail, unknown types, snapshot")
    .action(() =>
      run(
        async () => (await import("./commands.ts")).runDoctor(g()),
        () => Boolean(g().json),
      ),
    );
  return program;
}

async function main(): Promise<void> {
  const program = buildProgram();
  if (process.argv.length <= 2) {
    await program.parseAsync([...process.argv, "stats"]);
    return;
  }
  try {
    await program.parseAsync(normaliseArgv(process.argv));
  } catch (err) {
    const e = err as { code?: string; exitCode?: number };
    if (e.code === "commander.helpDisplayed" || e.code === "commander.version") process.exitCode = 0;
    else if (typeof e.exitCode === "number")
      process.exitCode = e.code?.startsWith("commander.") ? EXIT.INVALID : e.exitCode;
    else process.exitCode = fail(err, { json: process.argv.includes("--json") });
  }
}

void main();
