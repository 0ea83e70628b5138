import type { Command } from "commander";
import type { GlobalOpts } from "./open-layer.ts";
import { run } from "./run-command.ts";

/** The commands of the learning loop: learn, import-host-memory, inbox, curator, consolidate. */
export function addLearnCommands(program: Command, g: () => GlobalOpts): void {
  program
    .command("learn")
    .description("turn the sessions the hooks queued into episodes (the hooks start it in the background)")
    .option("--status", "show the queue, the cursors and the last runs")
    .option("--quiet", "one run, no output (how the hooks start it)")
    .option("--once", "one bounded run only")
    .option("--max-bytes <n>", "transcript bytes one run reads at most (default 4 MiB)")
    .option("--max-attempts <n>", "failed attempts per queued item before it waits for new work (default 5)")
    .option(
      "--use <model>",
      "claude-code | codex-cli | gemini-cli: learn with that host's headless mode (claude -p, codex exec, gemini -p; your sign-in's quota, 20 calls a day); none: stop (written to the settings file)",
    )
    .action((o) =>
      run(
        async () => (await import("./learn.ts")).runLearn({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("import-host-memory")
    .description(
      "read each host's own memory (Claude Code auto memory, Codex memories, Gemini CLI memories) into the inbox",
    )
    .option("--host <host>", "only this host: claude | codex | gemini (default: all three)")
    .option("--dry-run", "show what would be proposed; write nothing")
    .option("--reread", "read files again even when unchanged since the last read")
    .addHelpText(
      "after",
      "\nExamples:\n  brain import-host-memory                    propose every new note of the three hosts\n  brain import-host-memory --host claude --dry-run   what Claude Code's auto memory would add\n  brain import-host-memory --json             counts and candidates as JSON\n  brain inbox                                 review them (accept <id>, edit <id> --text, reject <id>)\n\nEach note becomes a candidate with where it came from (host, file, line); a note the brain or the inbox\nalready holds is not proposed again. The learner runs this after its runs. The hosts' files are only read.",
    )
    .action((o) =>
      run(
        async () => (await import("./host-memory.ts")).runImportHostMemory({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("inbox")
    .description(
      "review memory candidates the model-free learner proposed: list, accept <id>, edit <id> --text, reject <id>",
    )
    .argument("[command]", "list (default), accept, edit or reject")
    .argument("[id]", "the candidate's id (from brain inbox)")
    .option("--text <text>", "edit: the new text")
    .option("--all", "list: decided items too")
    .action((verb: string | undefined, id: string | undefined, o) =>
      run(
        async () => (await import("./inbox.ts")).runInbox(verb, id, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
  program
    .command("curator")
    .description("the SELECTION curator that gates learned memories: `brain curator stats`")
    .argument("[command]", "stats (default)")
    .action((verb: string | undefined) =>
      run(
        async () => {
          if (verb && verb !== "stats") {
            const { BrainError } = await import("../core/errors.ts");
            throw new BrainError("INVALID", `unknown curator command "${verb}" (stats)`);
          }
          return (await import("./inbox.ts")).runCuratorStats(g());
        },
        () => Boolean(g().json),
      ),
    );
  program
    .command("consolidate")
    .description(
      "decay stale learnings, merge near-duplicates, mine the episodes since the last consolidation; print what changed",
    )
    .option("--dry-run", "show what would change; write nothing")
    .action((o) =>
      run(
        async () => (await import("./consolidate.ts")).runConsolidate({ ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
}
