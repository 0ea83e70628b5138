import type { Command } from "commander";
import type { GlobalOpts } from "./open-layer.ts";
import { run } from "./run-command.ts";

/**
 * The commands that move a user's data in and out (issue 13): forget, export, import, uninstall. Registered
 * from here so program.ts keeps one line for them.
 */
export function addDataCommands(program: Command, g: () => GlobalOpts): void {
  const json = () => Boolean(g().json);
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
}
