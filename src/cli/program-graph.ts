import type { Command } from "commander";
import type { GlobalOpts } from "./open-layer.ts";
import { run } from "./run-command.ts";

const HELP = `
The association graph: concepts, memories, sessions, paths and URLs, linked by what goes with what. It is
derived from the logs (brain.jsonl, episodes.jsonl, .brain/graph-events.jsonl) and kept in
.brain/<log>.graph.json; \`rebuild\` makes it again from them.

  hubs                      the most-connected nodes (the block autoContext adds to the context)
  neighbors <word or ref>   a node's strongest neighbours
  show <ref>                one node: weight, when used, neighbours
  stats                     counts, caps, where the graph is kept
  rebuild                   build it again from the logs

Examples:
  brain graph hubs
  brain graph neighbors postgres --limit 5
  brain graph show c:postgr
  brain graph show m:1a2b3c4d --json
  brain graph stats
  brain graph rebuild
`;

/** `brain graph …`, registered from here so program.ts keeps one line for it. */
export function addGraphCommands(program: Command, g: () => GlobalOpts): void {
  program
    .command("graph")
    .description("the association graph: hubs, neighbors <word|ref>, show <ref>, stats, rebuild")
    .argument("<command>", "hubs | neighbors | show | stats | rebuild")
    .argument("[args...]", "a word or a reference (neighbors, show)")
    .option("--limit <n>", "at most n nodes (hubs, neighbors)")
    .addHelpText("after", HELP)
    .action((sub: string, args: string[], o: { limit?: string }) =>
      run(
        async () => (await import("./graph.ts")).runGraph(sub, args, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
}
