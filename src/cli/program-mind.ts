import type { Command } from "commander";
import type { GlobalOpts } from "./open-layer.ts";
import { run } from "./run-command.ts";

const HELP = `
The agent's own mind (seed 001), kept in .brain/mind.jsonl beside the brain: goals, the plan and its step,
the self-summary and self-instructions, facts, affect (emotions decayed every tick, hormones from outcomes),
thoughts, actions, what was explored, chat. An agent loop writes it each step; the working context shows it.

  show [--query <text>]            what the agent sees when it decides (default)
  tick [--type --what --summary --where --outcome --thought --inner --error --novel]
                                   one step of work: thought, action, log line, affect, plan advance
  reflect [--self <text>] [--goal <text>]… [--fact <text>]… [--rule <text>]…
  plan <step> [<step>…]            a new plan (2-3 steps), the first one next
  explored <path|url> [summary…]   a path read or listed, a URL fetched
  chat <user|assistant|system> <text…>
  goal add <text…> | goal done <id|text…>
  goals [--all]                    active goals (--all: done ones too)
  list <collection> [--limit <n>]  thoughts | inner | actions | facts | paths | urls | chat | logs | affect
  compact                          let go of what the caps dropped (it also runs by itself)

Examples:
  brain mind goal add "Ship dark mode"
  brain mind plan "find the theme file" "add a dark palette" "test contrast"
  brain mind tick --type read_file --what src/theme/index.ts --outcome success --thought "the palette is here"
  brain mind tick --type write_file --error "ENOENT: src/theme/dark.css"
  brain mind explored https://example.org/contrast "WCAG contrast ratios"
  brain mind reflect --self "I read before I write" --fact "themes live in src/theme" --rule "test contrast first"
  brain mind list thoughts --limit 20 --json
  brain mind show --json
`;

const collect = (v: string, prev: string[] = []) => [...prev, v];

/** \`brain mind …\`, registered from here so program.ts keeps one line for it. */
export function addMindCommands(program: Command, g: () => GlobalOpts): void {
  program
    .command("mind")
    .description(
      "the agent's own mind: show, tick, reflect, plan, explored, chat, goal, goals, list, compact",
    )
    .argument(
      "[command]",
      "show (default) | tick | reflect | plan | explored | chat | goal | goals | list | compact",
    )
    .argument("[args...]", "the command's words (steps, a path, a role and text, add/done and a goal)")
    .option("--query <text>", "show: what the decision is about (ranks the episodes)")
    .option("--type <type>", "tick: the kind of step (read_file, run_tests …)")
    .option("--what <what>", "tick: what it was done to")
    .option("--summary <text>", "tick: what came of it")
    .option("--where <where>", "tick: where")
    .option("--outcome <outcome>", "tick: success | failure | neutral")
    .option("--thought <text>", "tick: the thought after the step")
    .option("--inner <text>", "tick, reflect: a private thought")
    .option("--error <text>", "tick: the failure's message (the last error)")
    .option("--novel", "tick: the step found something new")
    .option("--self <text>", "reflect: the new self-summary")
    .option("--goal <text>", "reflect: a goal to propose (repeatable)", collect)
    .option("--fact <text>", "reflect: a fact learned (repeatable)", collect)
    .option("--rule <text>", "reflect: a self-instruction (repeatable)", collect)
    .option("--all", "goals: done ones too")
    .option("--limit <n>", "list: the newest n (default 20)")
    .addHelpText("after", HELP)
    .action((sub: string | undefined, args: string[], o) =>
      run(
        async () => (await import("./mind.ts")).runMind(sub ?? "show", args, { ...g(), ...o }),
        () => Boolean(g().json),
      ),
    );
}
