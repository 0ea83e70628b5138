import type { ImproveSettings } from "../config-improve.ts";
import { errorSignature } from "../core/failure-signature.ts";
import type { FeedbackRecord } from "../core/feedback.ts";
import { crypto } from "../store/crypto.ts";
import { correctionIssue, type Issue } from "./policy.ts";

/**
 * Step 1 of the cycle (seed 004 §3.7): what the ledger says is worth a change, by the seed's thresholds — all
 * configurable (`improve.*`): a tool (or a command) failing more than `failureRate` of its calls over
 * `windowDays` (and at least `minFailures` times), `corrections` or more corrections, `providerErrors` or
 * more provider errors of one kind, a command run more than `shellPerDay` times on one day, and the same
 * three commands in a row in `workflowSessions` sessions (a multi-step workflow: a skill). Each opportunity
 * has a hash of its normalised identity (SHA-256), so a cycle can skip what an earlier one handled.
 */
export interface Evidence {
  /** The ledger line it cites. */
  line: number;
  at: string;
  session?: string;
  text: string;
}

export type OpportunityKind =
  | "tool-failure"
  | "corrections"
  | "provider-errors"
  | "shell-frequency"
  | "workflow";

export interface Opportunity {
  kind: OpportunityKind;
  /** The normalised identity the hash is of (counts and times left out: they change every cycle). */
  key: string;
  hash: string;
  issue: Issue;
  summary: string;
  evidence: Evidence[];
  project?: string;
  /** tool-failure: the tool, its normalised command, the commonest error and the counts. */
  tool?: {
    tool: string;
    cmd: string;
    sig: string;
    failures: number;
    calls: number;
    target?: string;
    error?: string;
  };
  /** corrections: the texts and their own hashes (each handled once). */
  corrections?: { text: string; hash: string; at: string; session?: string }[];
  /** shell-frequency: the command and its busiest day; workflow: the commands in order. */
  commands?: string[];
  count?: number;
  day?: string;
}

export interface LedgerLine {
  line: number;
  r: FeedbackRecord;
}

const MAX_EVIDENCE = 8;
export const sha256 = (s: string) => crypto().createHash("sha256").update(s).digest("hex");
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
const ev = (l: LedgerLine, text: string): Evidence => ({
  line: l.line,
  at: l.r.at,
  ...(l.r.session ? { session: l.r.session } : {}),
  text,
});

function group<T>(items: T[], key: (t: T) => string | undefined): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    if (k === undefined) continue;
    m.set(k, [...(m.get(k) ?? []), it]);
  }
  return m;
}

function commonest(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "";
}

function toolFailures(lines: LedgerLine[], s: ImproveSettings): Opportunity[] {
  const out: Opportunity[] = [];
  const calls = lines.filter((l) => l.r.kind === "tool" && l.r.tool && l.r.outcome !== "interrupted");
  for (const [, g] of group(calls, (l) => `${l.r.tool}\u0000${l.r.cmd ?? ""}`)) {
    const failed = g.filter((l) => l.r.outcome === "error");
    if (failed.length < s.minFailures || failed.length / g.length <= s.failureRate) continue;
    const first = failed[0] as LedgerLine;
    const projects = [...new Set(failed.map((l) => l.r.project ?? ""))];
    const here = projects.length === 1 && projects[0] ? projects[0] : undefined;
    const sig = commonest(failed.map((l) => l.r.sig ?? ""));
    const last = [...failed].reverse().find((l) => l.r.sig === sig) ?? first;
    const key = ["tool-failure", first.r.tool, first.r.cmd ?? "", sig, here ?? "*"].join("\u0000");
    out.push({
      kind: "tool-failure",
      key,
      hash: sha256(key),
      issue: here ? "repo-process" : "tool-usage",
      summary: `${first.r.cmd || first.r.tool} failed ${failed.length} of ${g.length} calls`,
      evidence: failed
        .slice(-MAX_EVIDENCE)
        .map((l) => ev(l, `${l.r.target ?? l.r.tool}: ${l.r.error ?? l.r.sig ?? ""}`)),
      ...(here ? { project: here } : {}),
      tool: {
        tool: first.r.tool as string,
        cmd: first.r.cmd ?? "",
        sig,
        failures: failed.length,
        calls: g.length,
        ...(last.r.target ? { target: last.r.target } : {}),
        ...(last.r.error ? { error: last.r.error } : {}),
      },
    });
  }
  return out;
}

function corrections(
  lines: LedgerLine[],
  s: ImproveSettings,
  handled: (h: string) => boolean,
): Opportunity[] {
  const all = lines.filter((l) => l.r.kind === "correction" && l.r.text);
  if (all.length < s.corrections) return [];
  const out: Opportunity[] = [];
  for (const [issue, g] of group(all, (l) => correctionIssue(l.r.text as string))) {
    const fresh = g
      .map((l) => ({ l, hash: sha256(`correction\u0000${norm(l.r.text as string)}`) }))
      .filter((c, i, a) => !handled(c.hash) && a.findIndex((d) => d.hash === c.hash) === i);
    if (fresh.length === 0) continue;
    const key = ["corrections", issue, ...fresh.map((c) => c.hash).sort()].join("\u0000");
    out.push({
      kind: "corrections",
      key,
      hash: sha256(key),
      issue: issue as Issue,
      summary: `${fresh.length} correction(s) by the user (${all.length} in the window)`,
      evidence: fresh.slice(-MAX_EVIDENCE).map((c) => ev(c.l, c.l.r.text as string)),
      corrections: fresh.map((c) => ({
        text: c.l.r.text as string,
        hash: c.hash,
        at: c.l.r.at,
        ...(c.l.r.session ? { session: c.l.r.session } : {}),
      })),
    });
  }
  return out;
}

function providerErrors(lines: LedgerLine[], s: ImproveSettings): Opportunity[] {
  const errs = lines.filter((l) => l.r.kind === "provider-error" && l.r.text);
  const out: Opportunity[] = [];
  for (const [k, g] of group(errs, (l) => `${l.r.source ?? ""}\u0000${errorSignature(l.r.text as string)}`)) {
    if (g.length < s.providerErrors) continue;
    const key = `provider-errors\u0000${k}`;
    out.push({
      kind: "provider-errors",
      key,
      hash: sha256(key),
      issue: "startup-service",
      summary: `the learner's model (${g[0]?.r.source ?? "?"}) failed ${g.length} times`,
      evidence: g.slice(-MAX_EVIDENCE).map((l) => ev(l, l.r.text as string)),
      count: g.length,
    });
  }
  return out;
}

function shellFrequency(lines: LedgerLine[], s: ImproveSettings): Opportunity[] {
  const cmds = lines.filter((l) => l.r.kind === "tool" && l.r.toolKind === "command" && l.r.cmd);
  const out: Opportunity[] = [];
  for (const [cmd, g] of group(cmds, (l) => l.r.cmd)) {
    const byDay = group(g, (l) => l.r.at.slice(0, 10));
    const [day, runs] = [...byDay.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ["", []];
    if (runs.length <= s.shellPerDay) continue;
    const key = `shell-frequency\u0000${cmd}`;
    out.push({
      kind: "shell-frequency",
      key,
      hash: sha256(key),
      issue: "missing-command",
      summary: `\`${cmd}\` ran ${runs.length} times on ${day}`,
      evidence: runs.slice(-3).map((l) => ev(l, l.r.target ?? cmd)),
      commands: [commonest(runs.map((l) => l.r.target ?? cmd))],
      count: runs.length,
      day,
    });
  }
  return out;
}

function workflows(lines: LedgerLine[], s: ImproveSettings): Opportunity[] {
  const ok = lines.filter(
    (l) => l.r.kind === "tool" && l.r.toolKind === "command" && l.r.outcome === "ok" && l.r.cmd,
  );
  const seen = new Map<string, { sessions: Set<string>; lines: LedgerLine[] }>();
  for (const [session, g] of group(ok, (l) => l.r.session)) {
    const mine = new Set<string>();
    for (let i = 0; i + 2 < g.length; i++) {
      const three = g.slice(i, i + 3);
      const names = three.map((l) => l.r.cmd as string);
      if (new Set(names).size < 3) continue;
      const k = names.join("\u0000");
      if (mine.has(k)) continue;
      mine.add(k);
      const w = seen.get(k) ?? { sessions: new Set(), lines: [] };
      w.sessions.add(session);
      w.lines.push(...three);
      seen.set(k, w);
    }
  }
  const out: Opportunity[] = [];
  for (const [k, w] of seen) {
    if (w.sessions.size < s.workflowSessions) continue;
    const key = `workflow\u0000${k}`;
    const steps = w.lines.slice(0, 3).map((l) => l.r.target ?? (l.r.cmd as string));
    out.push({
      kind: "workflow",
      key,
      hash: sha256(key),
      issue: "workflow",
      summary: `the same ${steps.length} commands in ${w.sessions.size} sessions`,
      evidence: w.lines.slice(0, MAX_EVIDENCE).map((l) => ev(l, l.r.target ?? (l.r.cmd as string))),
      commands: steps,
      count: w.sessions.size,
    });
  }
  return out;
}

/** Every opportunity in the ledger lines of the window, each kind by its threshold. */
export function collectOpportunities(
  lines: LedgerLine[],
  s: ImproveSettings,
  handled: (hash: string) => boolean = () => false,
): Opportunity[] {
  return [
    ...toolFailures(lines, s),
    ...corrections(lines, s, handled),
    ...providerErrors(lines, s),
    ...shellFrequency(lines, s),
    ...workflows(lines, s),
  ];
}
