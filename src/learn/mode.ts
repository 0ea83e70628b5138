import type { BrainHome } from "../store/home.ts";
import { readInbox } from "./inbox.ts";

/**
 * Which mode the learner is in, said to the user (issue 23): `brain learn --status` and the first notice a
 * brain's learner leaves ("🧠 learning without a model: 3 candidates waiting (`brain inbox`)"). `model` is the
 * description of the model in use (src/learn/settings.ts, describeModel), undefined on the model-free path.
 */
export const HOW_TO_CHANGE_NONE =
  "to learn with a model, set ANTHROPIC_API_KEY or OPENAI_API_KEY, or an `extraction` entry in the settings (README, Learning)";
export const HOW_TO_CHANGE_MODEL =
  "to change it, edit the `extraction` entry of the settings (README, Learning)";

/** Inbox candidates waiting for a decision. */
export function waitingCandidates(home: BrainHome): number {
  return readInbox(home).items.filter((i) => i.status === "pending").length;
}

/** `offer`: what the user could switch on instead (Claude Code's headless mode when it is installed). */
export function modeLine(model: string | undefined, waiting: number, offer?: string): string {
  if (model) return `learning with a model: ${model}; ${HOW_TO_CHANGE_MODEL}`;
  return `learning without a model: ${waiting} candidate${waiting === 1 ? "" : "s"} waiting (\`brain inbox\`); ${offer ?? HOW_TO_CHANGE_NONE}`;
}
