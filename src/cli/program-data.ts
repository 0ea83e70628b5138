import type { Command } from "commander";
import type { GlobalOpts } from "./open-layer.ts";
import { addImproveCommands } from "./program-improve.ts";
import { run } from "./run-command.ts";

/**
 * The commands that move a user's data in and out (issue 13): forget, export, import, uninstall. Registered
 * from here so program.ts keeps one line for them.
 */
export function addDataCommands(program: Command, g: () => GlobalOpts): void {
  const json = () => Boolean(g().json);
  addImproveCommands(program, g);
  program
    .command("forget")
    .description(
      "forget conversation turns (episodes): one turn, a session, a project's, or all before a date",
    )
    .option("--session <name>", "every turn of this session (as `brain list type=episode` shows it)")
    .option("--turn <id>", "one turn: its episode id (or its turn id)")
    .option("--before <date>", "turns dated before this day or instant (ISO 8601, e.g. 2026-01-31)")
    .option("--project <dir>", "turns learned in this project (its repository root)")
    .option("--dry-run", "list what would be forgotten; write nothing")
    .addHelpText(
      "after",
      "\nOptions combine (all must match). Nothing is asked; what was forgotten is printed.\n\nExamples:\n" +
        "  brain list type=episode session=claude:5f0c2b1e\n" +
        "  brain forget --turn e0123456789abcd\n" +
        "  brain forget --session claude:5f0c2b1e --dry-run\n" +
        "  brain forget --before 2026-01-01 --project ~/src/app --json\n",
    )
    .action((o) => run(async () => (await import("./episodes.ts")).runForget({ ...g(), ...o }), json));
  program
    .command("export")
    .description("the folded brain (live entries, then episodes) as JSONL, or as Markdown grouped by type")
    .option(
      "--format <format>",
      "jsonl (for brain import, Rho-compatible) | markdown (to read) | her (the agent's mind as seed 001's memory.json) | openai | mlx (training data: brain deep export)",
      "jsonl",
    )
    .option("--out <file>", "write to this file (atomically) instead of stdout")
    .option("--no-episodes", "leave the conversation turns (episodes.jsonl) out")
    .addHelpText(
      "after",
      "\nExamples:\n  brain export > brain-backup.jsonl\n  brain export --format markdown --out brain.md\n" +
        "  brain export --format her --out memory.json\n" +
        "  brain --brain /other/brain.jsonl import brain-backup.jsonl --dry-run\n",
    )
    .action((o) => run(async () => (await import("./portable.ts")).runExport({ ...g(), ...o }), json));
  program
    .command("import")
    .description("import JSONL from brain export, another brain.jsonl or a Rho brain (idempotent by id)")
    .argument("<file>")
    .option("--from <format>", "jsonl (default) | her: seed 001's memory.json, into the agent's mind")
    .option("--dry-run", "say what would be imported; write nothing")
    .addHelpText(
      "after",
      "\nThe file is folded first (its updates and removals applied); entries the brain already has (same id,\n" +
        "key, or learning text) are left as they are; episodes go to episodes.jsonl. Lines that cannot be\n" +
        "imported are listed with their line numbers (exit 1); the file itself is only read.\n\nExamples:\n" +
        "  brain import brain-backup.jsonl --dry-run\n  brain import ~/old-machine/.rho/brain/brain.jsonl --json\n" +
        "  brain import --from her ~/agent/memory.json\n",
    )
    .action((file: string, o) =>
      run(async () => (await import("./portable.ts")).runImport(file, { ...g(), ...o }), json),
    );
  program
    .command("uninstall")
    .description("undo brain install: remove exactly what it wrote for a host (yours stays)")
    .argument("<host>", "claude | pi | codex | copilot | gemini | opencode | cursor")
    .option("--project", "codex … cursor: the install made with --project in this project")
    .option("--dir <dir>", "the directory given to brain install --dir")
    .option("--dry-run", "list what would be removed; remove nothing")
    .addHelpText(
      "after",
      "\nExamples:\n  brain uninstall claude --dry-run\n  brain uninstall pi --dir ~/.pi/agent/extensions\n",
    )
    .action((host: string, o) =>
      run(async () => (await import("./uninstall.ts")).runUninstall(host, { ...g(), ...o }), json),
    );
}
