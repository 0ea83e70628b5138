import { z } from "zod";
import { oneLine } from "../core/one-line.ts";
import type { LlmProvider } from "../learn/extract/types.ts";
import { draftFromPattern, knownFix } from "./draft.ts";
import type { FailureEntry } from "./failure-fold.ts";
import type { Opportunity } from "./opportunities.ts";
import { POLICY } from "./policy.ts";
import type { ProposalDraft } from "./proposals.ts";

/**
 * Step 4 of the cycle with a model (the learner's extraction model, when one is configured): the model writes
 * the change from the evidence — structured output, one rule and the ledger lines it rests on. The policy
 * still decides where it goes (src/improve/policy.ts); a rule that cites no line it was shown, or a model that
 * fails, leaves the rule from the pattern (src/improve/draft.ts). Skills and commands keep the pattern's file.
 */
const RULE_CHARS = 400;

const answer = z.object({
  rule: z.string().trim().min(1).max(RULE_CHARS),
  cites: z.array(z.number().int()).min(1).max(20),
});

const SYSTEM = [
  "You maintain an AI coding agent's directive files. From the evidence (numbered lines of a feedback ledger),",
  "write ONE short rule the agent should follow next time, so the same mistake does not happen again.",
  "State the fix concretely (the command or step that works), not the symptom. Do not invent facts that are",
  "not in the evidence. Cite the ledger line numbers your rule rests on. Answer as JSON: {rule, cites}.",
].join(" ");

export async function draftWithModel(
  provider: LlmProvider,
  o: Opportunity,
  entries: readonly FailureEntry[],
): Promise<ProposalDraft> {
  const fallback = draftFromPattern(o, entries);
  if (fallback.kind !== "append") return fallback;
  const fix = knownFix(entries, o);
  const where = POLICY.find((r) => r.issue === o.issue)?.what ?? o.issue;
  const lines = o.evidence.map(
    (e) => `${e.line}: [${e.at}${e.session ? ` ${e.session}` : ""}] ${oneLine(e.text)}`,
  );
  const user = [
    `Kind: ${o.kind} — ${o.summary}. It goes to ${fallback.target} (${where}).`,
    ...(fix?.fix ? [`What passed after the failure: ${oneLine(fix.fix.what)} (${fix.fix.at})`] : []),
    ...(fix?.correction ? [`What the user said: ${oneLine(fix.correction.text)}`] : []),
    "Evidence:",
    ...lines,
  ].join("\n");
  try {
    const r = await provider.complete({
      system: SYSTEM,
      messages: [{ role: "user", content: user }],
      schema: answer,
      schemaName: "improvement",
      maxOutputTokens: 400,
    });
    const shown = new Set(o.evidence.map((e) => e.line));
    const cites = r.value.cites.filter((n) => shown.has(n));
    if (cites.length === 0) return fallback;
    const cited = o.evidence.filter((e) => cites.includes(e.line));
    return {
      ...fallback,
      text: `- ${oneLine(r.value.rule).replace(/^-\s*/, "")}`,
      evidence: cited,
      drafter: "model",
    };
  } catch {
    return fallback;
  }
}
