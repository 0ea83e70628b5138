import { BrainError } from "../core/errors.ts";
import type { CycleReport } from "../improve/cycle.ts";
import type { Proposal } from "../improve/proposals.ts";
import { cliConfig } from "./cli-config.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

export interface ImproveOpts extends GlobalOpts {
  dryRun?: boolean;
  dedup?: boolean;
  syncTemplates?: boolean;
  noModel?: boolean;
}

const line = (p: Proposal) =>
  `- ${p.id} [${p.status}] ${p.kind} → ${p.target}: ${p.title}${p.drafter === "model" ? " (drafted by the model)" : ""}`;

/** The learner's model, when one is configured (the cycle drafts with it); undefined otherwise. */
async function provider(o: ImproveOpts) {
  if (o.noModel) return undefined;
  const { learnSettings } = await import("../learn/settings.ts");
  return (await learnSettings(cliConfig(o.brain, o.cwd)).extractor())?.provider;
}

function report(r: CycleReport): string {
  const out = [
    `Ledger: ${r.synced.added} new tool record(s) read; ${r.ledgerLines} record(s) in the window.`,
    `Opportunities: ${r.opportunities.length} (${r.duplicates} handled before, not proposed again).`,
    ...r.opportunities.map((o) => `  - ${o.kind}: ${o.summary} → ${o.issue}${o.handled ? " (handled)" : ""}`),
  ];
  if (r.dryRun)
    out.push(
      `Dry run: ${r.drafts.length} proposal(s) would be made; nothing was proposed or written.`,
      ...r.drafts.map((d) => `  - ${d.kind} → ${d.target}: ${d.title}\n${d.text.replace(/^/gm, "      ")}`),
    );
  else {
    out.push(`Proposed ${r.proposed.length}, applied ${r.applied.length} (drafted by ${r.drafter}).`);
    out.push(...[...r.applied, ...r.proposed].map(line));
    if (r.proposed.length) out.push("Review them: brain proposals (show <id>, accept <id>, reject <id>).");
  }
  return out.join("\n");
}

/** `brain improve [--dry-run] [--dedup] [--sync-templates]`: one improvement cycle by hand. */
export async function runImprove(o: ImproveOpts): Promise<number> {
  const { brain } = openBrain(o);
  if (o.dedup || o.syncTemplates) {
    const out: Record<string, unknown> = {};
    if (o.dedup) out.dedup = await brain.improve.dedup({ dryRun: Boolean(o.dryRun) });
    if (o.syncTemplates)
      out.templates = await brain.improve.syncTemplates({ force: true, dryRun: Boolean(o.dryRun) });
    if (o.json) printJson({ ok: true, ...out });
    else {
      const d = out.dedup as { duplicates: unknown[]; proposed: Proposal[] } | undefined;
      if (d)
        print(
          `Dedup scan: ${d.duplicates.length} duplicate line(s); ${d.proposed.length} removal(s) proposed.\n${d.proposed.map(line).join("\n")}`.trim(),
        );
      const t = out.templates as
        | { merged: { file: string; sections: string[] }[]; version: string }
        | undefined;
      if (t)
        print(
          t.merged.length
            ? `Templates of ${t.version} merged: ${t.merged.map((m) => `${m.file} (${m.sections.join(", ")})`).join("; ")}`
            : `Templates: nothing new for the brain files (version ${t.version}).`,
        );
    }
    return 0;
  }
  const r = await brain.improve.cycle({ dryRun: Boolean(o.dryRun), provider: await provider(o) });
  if (o.json) printJson({ ok: true, ...r });
  else print(report(r));
  return 0;
}

export interface ProposalsOpts extends GlobalOpts {
  text?: string;
  all?: boolean;
  status?: string;
}

/** `brain proposals [list|show|accept|edit|reject|revert] [id]`: the review queue. */
export async function runProposals(
  verb: string | undefined,
  id: string | undefined,
  o: ProposalsOpts,
): Promise<number> {
  const { brain } = openBrain(o);
  const v = verb ?? "list";
  if (v === "list") {
    const status = o.all ? "all" : ((o.status as Proposal["status"] | undefined) ?? "pending");
    const items = await brain.improve.proposals(status);
    if (o.json) printJson({ ok: true, proposals: items });
    else
      print(
        items.length
          ? `Proposals: ${items.length}\n${items.map(line).join("\n")}`
          : "Proposals: nothing to review.",
      );
    return 0;
  }
  if (!id)
    throw new BrainError("INVALID", `brain proposals ${v} needs an id (see brain proposals)`, {
      field: "id",
    });
  if (v === "show") {
    const { proposal: p, diff } = await brain.improve.proposal(id);
    if (o.json) printJson({ ok: true, proposal: p, diff });
    else
      print(
        [
          line(p),
          `why: ${p.why}`,
          `evidence (feedback ledger):`,
          ...p.evidence.map(
            (e) => `  line ${e.line} ${e.at}${e.session ? ` session ${e.session}` : ""}: ${e.text}`,
          ),
          diff ? `diff:\n${diff}` : `text:\n${p.text}`,
        ].join("\n"),
      );
    return 0;
  }
  const done =
    v === "accept"
      ? await brain.improve.accept(id, o.text)
      : v === "edit"
        ? o.text === undefined
          ? (() => {
              throw new BrainError("INVALID", "brain proposals edit needs --text <new text>", {
                field: "text",
              });
            })()
          : await brain.improve.edit(id, o.text)
        : v === "reject"
          ? await brain.improve.reject(id)
          : v === "revert"
            ? await brain.improve.revert(id)
            : undefined;
  if (!done)
    throw new BrainError(
      "INVALID",
      `unknown proposals command "${v}" (list, show, accept, edit, reject, revert)`,
    );
  if (o.json) printJson({ ok: true, proposal: done });
  else
    print(
      `${v === "edit" ? "Edited" : v === "accept" ? "Accepted" : v === "reject" ? "Rejected" : "Reverted"} ${id}: ${done.title}${done.applied ? ` (${done.applied.mode} ${done.applied.file})` : ""}`,
    );
  return 0;
}
