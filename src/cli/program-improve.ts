import type { Command } from "commander";
import type { GlobalOpts } from "./open-layer.ts";
import { run } from "./run-command.ts";

/** The commands of learning from mistakes (issue 28): improve, proposals, deep. */
export function addImproveCommands(program: Command, g: () => GlobalOpts): void {
  const json = () => Boolean(g().json);
  program
    .command("improve")
    .description(
      "one improvement cycle: read the feedback ledger, propose (or apply) changes to the brain files",
    )
    .option("--dry-run", "show what would be proposed; propose and write nothing (the ledger is still read)")
    .option("--dedup", "the dedup scan instead: the same line in several brain files → removal proposals")
    .option(
      "--sync-templates",
      "merge new sections of the shipped templates into the brain files (append-only)",
    )
    .option("--no-model", "draft rules from the pattern even when a model is configured")
    .addHelpText(
      "after",
      '\nThresholds (settings "improve": failureRate, minFailures, corrections, providerErrors, shellPerDay, windowDays);\n' +
        'with "improve.autoApply": true, brain-file appends are applied at once, everything else waits in brain proposals.\n\n' +
        "Examples:\n  brain improve --dry-run\n  brain improve --json\n  brain improve --dedup\n",
    )
    .action((o) =>
      run(
        async () => (await import("./improve.ts")).runImprove({ ...g(), ...o, noModel: o.model === false }),
        json,
      ),
    );
  program
    .command("proposals")
    .description(
      "review proposed changes: list, show <id> (evidence and diff), accept <id>, edit <id> --text, reject <id>, revert <id>",
    )
    .argument("[command]", "list (default), show, accept, edit, reject or revert")
    .argument("[id]", "the proposal's id (from brain proposals)")
    .option("--text <text>", "edit (or accept): the new text")
    .option("--all", "list: decided ones too")
    .option("--status <status>", "list: pending | accepted | applied | rejected | reverted")
    .action((verb: string | undefined, id: string | undefined, o) =>
      run(async () => (await import("./improve.ts")).runProposals(verb, id, { ...g(), ...o }), json),
    );
  const deep = program
    .command("deep")
    .description("the DEEP layer: curated memories as training data for an adapter (Brain never trains)");
  deep
    .command("export")
    .description(
      "write the durable memories (learnings, preferences, accepted proposals …) as chat-format JSONL with a manifest",
    )
    .option(
      "--format <format>",
      "openai (train.jsonl) | mlx (train.jsonl + valid.jsonl, a seeded 90/10 split)",
    )
    .option("--since <date>", "only memories written (proposals decided) at or after this date")
    .option("--out <dir>", "the directory to write (default: the brain's .brain/deep, or deep.out)")
    .option("--seed <seed>", "the split's seed (default brain-deep)")
    .addHelpText(
      "after",
      "\nExamples:\n  brain deep export --format mlx --out ./data   # then: mlx_lm.lora --train --data ./data\n" +
        "  brain deep export --format openai --since 2026-01-01 --json\n",
    )
    .action((o) => run(async () => (await import("./deep.ts")).runDeepExport({ ...g(), ...o }), json));
}
