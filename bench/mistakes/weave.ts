/**
 * The repeated-mistakes set (bench/mistakes/families.json, written by hand) woven into Claude Code sessions
 * in the order they happened: every family's sessions on their days (families interleaved, as one person
 * working on several projects), each step a Claude Code transcript record and — for prompts and tool calls —
 * the hook event Claude Code fires for it. Pure and seeded: the same set and seed give the same sessions.
 */
import { prng } from "../../test/support/prng.ts";

export type Part = "tune" | "check";
export type Role = "first" | "recur" | "distractor";

export interface RawStep {
  u?: string;
  a?: string;
  $?: string;
  ok?: string;
  err?: string;
  as?: Role;
  fix?: string[];
  edit?: string;
  new?: string;
  /** An edit's replaced text (Claude Code's old_string; "" when the family does not say). */
  old?: string;
}
export interface Family {
  id: string;
  class: string;
  part: Part;
  project: string;
  sessions: { day: number; steps: RawStep[] }[];
}

/** One step as the replay sees it. */
export type Step =
  | { kind: "prompt"; at: string; text: string; record: Record<string, unknown> }
  | { kind: "text"; at: string; record: Record<string, unknown> }
  | {
      kind: "tool";
      at: string;
      tool: "Bash" | "Edit";
      input: Record<string, unknown>;
      id: string;
      /** The output (ok) or error text (failed). */
      output: string;
      failed: boolean;
      role?: Role;
      fix?: string[];
      call: Record<string, unknown>;
      result: Record<string, unknown>;
    };

export interface Session {
  id: string;
  family: Family;
  /** Index of the session in its family (0: the first time). */
  nth: number;
  project: string;
  cwd: string;
  start: number;
  steps: Step[];
}

const DAY = 86_400_000;
export const START = Date.UTC(2025, 2, 3, 9, 0);

function uuid(r: () => number): string {
  const h = () => Math.floor(r() * 16).toString(16);
  const s = (n: number) => Array.from({ length: n }, h).join("");
  return `${s(8)}-${s(4)}-4${s(3)}-8${s(3)}-${s(12)}`;
}

export function weave(families: Family[], seed: number, dirOf: (p: string) => string): Session[] {
  const r = prng(seed);
  const plan: { f: Family; nth: number; day: number; order: number }[] = [];
  families.forEach((f, i) => {
    f.sessions.forEach((s, nth) => {
      plan.push({ f, nth, day: s.day, order: i });
    });
  });
  plan.sort((a, b) => a.day - b.day || a.order - b.order);
  const perDay = new Map<number, number>();
  return plan.map(({ f, nth, day }) => {
    const k = perDay.get(day) ?? 0;
    perDay.set(day, k + 1);
    // Sessions of one day an hour apart (each well under an hour long).
    return session(r, f, nth, dirOf(f.project), START + day * DAY + k * 3_600_000);
  });
}

function session(r: () => number, f: Family, nth: number, cwd: string, start: number): Session {
  const id = uuid(r);
  let t = start;
  let parent: string | null = null;
  const rec = (type: string, extra: Record<string, unknown>) => {
    const u = uuid(r);
    const out = {
      parentUuid: parent,
      isSidechain: false,
      userType: "external",
      cwd,
      sessionId: id,
      version: "2.0.14",
      type,
      uuid: u,
      timestamp: new Date(t).toISOString(),
      ...extra,
    };
    parent = u;
    return out;
  };
  const steps: Step[] = [];
  for (const s of f.sessions[nth]?.steps ?? []) {
    t += 15_000 + Math.floor(r() * 45_000);
    const at = new Date(t).toISOString();
    if (s.u !== undefined) {
      steps.push({
        kind: "prompt",
        at,
        text: s.u,
        record: rec("user", { message: { role: "user", content: s.u } }),
      });
    } else if (s.a !== undefined) {
      steps.push({
        kind: "text",
        at,
        record: rec("assistant", { message: { role: "assistant", content: [{ type: "text", text: s.a }] } }),
      });
    } else {
      const bash = s.$ !== undefined;
      const input = bash
        ? { command: s.$, description: "Run it" }
        : { file_path: `${cwd}/${s.edit}`, old_string: s.old ?? "", new_string: s.new ?? "" };
      const tool = bash ? ("Bash" as const) : ("Edit" as const);
      const callId = `toolu_${uuid(r).replace(/-/g, "").slice(0, 24)}`;
      const call = rec("assistant", {
        message: { role: "assistant", content: [{ type: "tool_use", id: callId, name: tool, input }] },
      });
      const failed = s.err !== undefined;
      const output = failed ? (s.err as string) : (s.ok ?? `The file ${s.edit} has been updated.`);
      t += 2_000 + Math.floor(r() * 8_000);
      const result = rec("user", {
        message: {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: callId,
              content: output,
              ...(failed ? { is_error: true } : {}),
            },
          ],
        },
      });
      steps.push({
        kind: "tool",
        at: new Date(t).toISOString(),
        tool,
        input,
        id: callId,
        output,
        failed,
        ...(s.as ? { role: s.as } : {}),
        ...(s.fix ? { fix: s.fix } : {}),
        call,
        result,
      });
    }
  }
  return { id, family: f, nth, project: f.project, cwd, start, steps };
}

/** Whether a text names every word of a fix (case-insensitive). */
export const names = (text: string, fix: readonly string[]) =>
  fix.every((w) => text.toLowerCase().includes(w.toLowerCase()));
