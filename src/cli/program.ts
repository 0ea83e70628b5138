import { Command } from "commander";
import { ACTIONS } from "../core/action-names.ts";
import { MCP_TOOL_NAMES } from "../core/mcp-tool-names.ts";
import { HOOK_EVENTS } from "../hooks/events.ts";
import { packageVersion } from "../package-root.ts";
import { warnMissingCwd } from "./cwd.ts";
import type { GlobalOpts } from "./open-layer.ts";
import { writeErr, writeOut } from "./output.ts";
import { addDataCommands } from "./program-data.ts";
import { addGraphCommands } from "./program-graph.ts";
import { addLearnCommands } from "./program-learn.ts";
import { addMindCommands } from "./program-mind.ts";
import { run } from "./run-command.ts";

/** Options of the tombstoning actions (also accepted as all=true / dry_run=true). */
const ACTION_OPTIONS: Partial<Record<string, [string, string][]>> = {
  remove: [
    ["--all", "every live entry of type=…"],
    ["--dry-run", "show what would be removed; write nothing"],
    ["--purge", "take the entry's lines out of the log and its derived files, instead of a tombstone"],
  ],
  decay: [["--dry-run", "show what would be decayed; write nothing"]],
  task_clear: [["--dry-run", "show what would be cleared; write nothing"]],
};

/** Commander's usage errors as one line: `brain: unknown command 'lst' (did you mean list?)`. */
function oneLineError(text: string, write: (s: string) => void): void {
  const line = text
    .replace(/^error: /, "brain: ")
    .replace(/\n\(Did you mean (.*)\?\)/, " (did you mean $1?)")
    .trim();
  write(
    `${line}${/unknown (command|option)/.test(line) && !line.includes("did you mean") ? " (see brain --help)" : ""}\n`,
  );
}

/**
 * Every command and option of the `brain` CLI, for commander. Loaded only when main.ts's direct path (the
 * commands hooks run on every start) does not apply: commander and 26 commands cost ~15 ms of CPU to load and build.
 */
export function buildProgram(actionHelp?: (action: (typeof ACTIONS)[number]) => string): Command {
  const program = new Command("brain")
    .description("Local-first memory and context engine for AI agents")
    .option(
      "--brain <path>",
      "brain.jsonl to use (default: BRAIN_PATH, BRAIN_DIR, RHO_BRAIN_PATH, RHO_BRAIN_DIR, ~/.rho/brain)",
    )
    .option("--json", "machine-readable output")
    .option("--cwd <dir>", "working directory the context is for")
    .version(packageVersion(), "-V, --version", "print the version")
    .configureOutput({ writeOut, writeErr, outputError: oneLineError })
    .exitOverride()
    // A mistyped --cwd still runs the command (memories chosen as if from there), but says so.
    .hook("preAction", () => warnMissingCwd(program.opts<GlobalOpts>().cwd));
  const g = () => program.opts<GlobalOpts>();

  for (const action of ACTIONS) {
    const cmd = program
      .command(action)
      .description(`brain tool action: ${action} (key=value parameters: brain help ${action})`)
      .argument("[params...]", "key=value pairs");
    for (const [flag, what] of ACTION_OPTIONS[action] ?? []) cmd.option(flag, what);
    if (actionHelp) cmd.addHelpText("after", () => actionHelp(action));
    cmd.action((words: string[], o: { all?: boolean; dryRun?: boolean; purge?: boolean }) =>
      run(
        async () => (await import("./actions.ts")).runAction(action, words, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  }
  program
    .command("get")
    .description("one entry by id, in full (any type, episodes included)")
    .argument("<id>")
    .action((id: string) =>
      run(
        async () => (await import("./get.ts")).runGet(id, g()),
        () => Boolean(g().json),
      ),
    );
  program
    .command("init")
    .description("create the brain (default behaviours, consolidation reminder) if it does not exist")
    .option("--empty", "a new brain with no default entries or brain-file templates (only schema_version)")
    .option("--project", "this project's own brain: .brain/brain.jsonl at the repository root, git-ignored")
    .action((o: { empty?: boolean; project?: boolean }) =>
      run(
        async () => (await import("./commands.ts")).runInit({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("context")
    .description("the context for the working directory: ordered blocks under a hard token budget")
    .option("--budget <tokens>", "token budget (default: promptBudget from config, 2000)")
    .option("--format <format>", "text | anthropic | openai | json", "text")
    .option("--explain", "list every entry kept or cut, and why")
    .option("--compat <mode>", "rho: Rho's exact prompt text")
    .option("--files <paths>", "comma-separated files being worked on (auto-attaches matching rules)")
    .option("--include <names>", "comma-separated manual rules or brain files to include")
    .option("--query <text>", "the prompt the context is for (fills learnings and recall by relevance)")
    .option(
      "--queries <file>",
      "batch: one query per line; prints one JSON object per line (needs --format json)",
    )
    .option("--recover", "post-compaction context: brain files in full, rules in force, recent paths, plan")
    .action((o) =>
      run(
        async () => (await import("./context.ts")).runContext({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("file")
    .description("brain files: list them, print one (load_brain_file), append, or rewrite with a backup")
    .argument("[name]", "file name, e.g. CODE.md")
    .option("--append <text>", "append text")
    .option("--replace", "replace the content with stdin (needs --intent)")
    .option("--intent <why>", "cleanup intent for --replace")
    .action((name: string | undefined, o) =>
      run(
        async () => (await import("./files.ts")).runFile(name, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("stats")
    .description("counts by type, e.g. 🧠 5L 3P 2T 1R | 11beh 2id 1usr")
    .action(() =>
      run(
        async () => (await import("./stats.ts")).runStats(g()),
        () => Boolean(g().json),
      ),
    );
  program
    .command("search")
    .description("search entries and recalled conversations, best match first")
    .argument("<query...>")
    .option("--limit <n>", "at most n results")
    .option("--offset <n>", "skip the first n results (pagination)")
    .action((words: string[], o) =>
      run(
        async () => (await import("./commands.ts")).runSearch(words, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("ingest")
    .description(
      "import a conversation transcript as episodes (Claude Code, pi, OpenAI messages, LoCoMo, JSONL)",
    )
    .argument("<file>")
    .option("--format <format>", "claude | pi | openai | locomo | generic (default: detected)")
    .option("--session <name>", "session name for transcripts that carry none (default: the file name)")
    .option("--progress", "show progress on stderr even when it is not a terminal")
    .action((file: string, o) =>
      run(
        async () => (await import("./ingest.ts")).runIngest(file, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  addLearnCommands(program, g);
  program
    .command("serve")
    .description(
      "run the resident server: the HTTP API and the viewer, on 127.0.0.1 (see README, Resident server)",
    )
    .option("--status", "is a server running for this brain, where, since when")
    .option("--stop", "stop the running server")
    .option("--port <n>", "port to listen on (default: serve.port, else a free one)")
    .option(
      "--idle-minutes <n>",
      "exit after this many minutes without an API request (default: serve.idleMinutes, 30; 0: never)",
    )
    .option("--quiet", "print nothing; exit quietly when one is already running (how hooks start it)")
    .addHelpText(
      "after",
      "\nExamples:\n  brain serve                  run it in the foreground (Ctrl-C stops it)\n  brain serve --status --json  is one running, on which port, since when\n  brain serve --stop           stop the running one\n  brain open                   the viewer's URL with its token\n\nIt listens on 127.0.0.1 only; .brain/serve.json (mode 0600) beside the log holds its port and token.",
    )
    .action((o) =>
      run(
        async () => (await import("./serve.ts")).runServe({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("open")
    .description("print the viewer's URL with its token (starts the server if needed)")
    .option("--launch", "also open it in the default browser")
    .action((o) =>
      run(
        async () => (await import("./serve.ts")).runOpen({ ...g(), ...o }),
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
    .description(
      "report the health of brain.jsonl and episodes.jsonl: bad lines, torn tail, locks, leftover temp files",
    )
    .option(
      "--repair",
      "fix what is safe (after a backup): terminate torn tails, drop stale locks and dead writers' temp files, rebuild the snapshot",
    )
    .option(
      "--quarantine",
      "with --repair: move bad lines out of the logs into .brain/quarantine/ beside them (after a backup; each line kept whole, with its line number and reason)",
    )
    .action((o) =>
      run(
        async () => (await import("./doctor.ts")).runDoctor({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("compact")
    .description(
      "rewrite brain.jsonl to its folded state (backup first; temp file + rename; stays Rho-compatible)",
    )
    .action(() =>
      run(
        async () => (await import("./commands.ts")).runCompact(g()),
        () => Boolean(g().json),
      ),
    );
  program
    .command("mcp")
    .description(`serve the brain over MCP on stdio (tools ${MCP_TOOL_NAMES.join(", ")})`)
    .action(() =>
      run(
        async () => (await import("./mcp.ts")).runMcp(g()),
        () => false,
      ),
    );
  program
    .command("hook")
    .description("an agent host's hook (Claude Code's and the hosts that run its hooks), JSON on stdin")
    .argument("<event>", HOOK_EVENTS.map((e) => `${e.cli} (${e.hosts.claude.name}): ${e.summary}`).join("\n"))
    .action((event: string) =>
      run(
        async () => (await import("./hook.ts")).runHook(event, g()),
        () => false,
      ),
    );
  program
    .command("install")
    .description(
      "install the brain into an agent host: claude (plugin + marketplace), pi (extension), codex, copilot, gemini, opencode, cursor (MCP server + hooks or plugin, merged into their config; docs/hosts.md)",
    )
    .argument("<host>", "claude | pi | codex | copilot | gemini | opencode | cursor")
    .option(
      "--dir <dir>",
      "where to write it (claude: ~/.brain/claude-marketplace; pi: ~/.pi/agent/extensions)",
    )
    .option("--project", "codex … cursor: into this project's config instead of your user config")
    .option("--dry-run", "codex … cursor: say what would change; write nothing")
    .option(
      "--export",
      "codex … cursor: also write what the host should always see into its rules/memory file",
    )
    .option(
      "--core-files",
      "claude: add one line to ~/.claude/CLAUDE.md so Claude Code loads SOUL/USER/AGENTS.md whole",
    )
    .option("--no-core-files", "claude: do not add it (without either flag, a terminal is asked)")
    .option(
      "--learn-with-claude",
      "claude: the learner extracts memories with Claude Code's headless mode (claude -p: your quota, 20 calls a day)",
    )
    .option(
      "--learn-with-codex",
      "codex: the learner extracts memories with `codex exec` (your quota, 20 calls a day)",
    )
    .option(
      "--learn-with-gemini",
      "gemini: the learner extracts memories with `gemini -p` (your quota, 20 calls a day)",
    )
    .option(
      "--learn-with-host",
      "claude, codex, gemini: the learner uses the host's headless mode (as above)",
    )
    .option(
      "--no-learn-with-host",
      "do not switch it on and do not ask (without a flag, a terminal is asked when the learner has no model)",
    )
    .option("-y, --yes", "ask nothing: what no flag switches on stays off")
    .addHelpText(
      "after",
      "\nExamples:\n  brain install claude --core-files\n  brain install claude --no-core-files --json\n  brain install pi\n  brain install codex --dry-run\n",
    )
    .action((host: string, o) =>
      run(
        async () => (await import("./install.ts")).runInstall(host, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("sync")
    .description("copy entries between the local brain and the team store (BRAIN_STORE); idempotent")
    .argument("<direction>", "push (local → team) | pull (team → local)")
    .option("--dry-run", "say what would be copied without copying")
    .action((direction: string, o) =>
      run(
        async () => (await import("./sync.ts")).runSync(direction, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("export-rules")
    .description("write the brain's stable context into a host's rules file, between markers (idempotent)")
    .requiredOption("--format <format>", "agents | claude | cursor | gemini | copilot")
    .option("--out <file>", "file to write (default: the host's rules file under --cwd)")
    .option("--budget <tokens>", "token budget of the exported context")
    .option("--dry-run", "print the file that would be written instead of writing it")
    .option(
      "--all",
      "the whole lasting context (identity, user, preferences, …), not only this project's memories",
    )
    .action((o) =>
      run(
        async () => (await import("./export-rules.ts")).runExportRules({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  addDataCommands(program, g);
  addMindCommands(program, g);
  addGraphCommands(program, g);
  return program;
}
