import { BrainError } from "../core/errors.ts";
import type { MindFacet, TickInput } from "../engine/mind.ts";
import { openBrain } from "./open.ts";
import type { GlobalOpts } from "./open-layer.ts";
import { print, printJson } from "./output.ts";

export interface MindOpts extends GlobalOpts {
  query?: string;
  type?: string;
  what?: string;
  summary?: string;
  where?: string;
  outcome?: string;
  thought?: string;
  inner?: string;
  error?: string;
  novel?: boolean;
  self?: string;
  goal?: string[];
  fact?: string[];
  rule?: string[];
  all?: boolean;
  limit?: string;
}

const OUTCOMES = ["success", "failure", "neutral"];
const COLLECTIONS = [
  "thoughts",
  "inner",
  "actions",
  "facts",
  "paths",
  "urls",
  "chat",
  "logs",
  "affect",
] as const;

function limitOf(o: MindOpts): number {
  if (o.limit === undefined) return 20;
  const n = Number(o.limit);
  if (!Number.isInteger(n) || n < 1)
    throw new BrainError("INVALID", "--limit must be a whole number ≥ 1", { field: "limit" });
  return n;
}

function tickInput(o: MindOpts): TickInput {
  if (o.outcome !== undefined && !OUTCOMES.includes(o.outcome))
    throw new BrainError("INVALID", `--outcome must be success, failure or neutral (got "${o.outcome}")`, {
      field: "outcome",
    });
  return {
    ...(o.type
      ? {
          action: {
            type: o.type,
            ...(o.what ? { what: o.what } : {}),
            ...(o.summary ? { summary: o.summary } : {}),
            ...(o.where ? { where: o.where } : {}),
          },
        }
      : {}),
    ...(o.outcome ? { outcome: o.outcome as TickInput["outcome"] & string } : {}),
    ...(o.thought ? { thought: o.thought } : {}),
    ...(o.inner ? { innerThought: o.inner } : {}),
    ...(o.error ? { error: o.error } : {}),
    ...(o.novel ? { novel: true } : {}),
  };
}

/** A collection of the full mind, newest last, as lines and as JSON. */
function listing(mind: MindFacet, what: string, limit: number): { items: unknown[]; lines: string[] } {
  if (!(COLLECTIONS as readonly string[]).includes(what))
    throw new BrainError("INVALID", `unknown collection "${what}" (${COLLECTIONS.join(", ")})`, {
      field: "collection",
    });
  const s = mind.full();
  const last = <T>(l: T[]) => l.slice(-limit);
  switch (what as (typeof COLLECTIONS)[number]) {
    case "thoughts":
    case "inner": {
      const items = last(what === "thoughts" ? s.thoughts : s.innerThoughts);
      return { items, lines: items.map((x) => `${x.at}  ${x.text}`) };
    }
    case "actions": {
      const items = last(s.actions);
      return {
        items,
        lines: items.map(
          (x) =>
            `${x.at}  ${x.type}${x.what ? ` ${x.what}` : ""}${x.summary ? `: ${x.summary}` : ""}${x.outcome ? ` (${x.outcome})` : ""}`,
        ),
      };
    }
    case "facts": {
      const items = last(s.facts);
      return { items, lines: items.map((x) => `${x.at}  ${x.text}`) };
    }
    case "paths":
    case "urls": {
      const items = last([...(what === "paths" ? s.exploredPaths : s.exploredUrls).values()]);
      return { items, lines: items.map((x) => `${x.at}  ${x.ref}${x.summary ? ` — ${x.summary}` : ""}`) };
    }
    case "chat": {
      const items = last(s.chat);
      return { items, lines: items.map((x) => `${x.at}  ${x.role}: ${x.text}`) };
    }
    case "logs": {
      const items = last(s.logs);
      return { items, lines: items.map((x) => `${x.at}  ${x.kind}: ${x.text}`) };
    }
    case "affect": {
      const items = last(s.history);
      const f = (r: Record<string, number>) =>
        Object.values(r)
          .map((v) => v.toFixed(2))
          .join(" ");
      return {
        items,
        lines: [
          "at  joy frustration interest confusion | dopamine cortisol serotonin",
          ...items.map(
            (x) => `${x.at}  ${f(x.emotions)} | ${f(x.hormones)}${x.outcome ? ` (${x.outcome})` : ""}`,
          ),
        ],
      };
    }
  }
}

/** `brain mind …`: the agent's own mind (src/engine/mind.ts). */
export async function runMind(sub: string, args: string[], o: MindOpts): Promise<number> {
  // Writing to the mind starts a brain (like `brain add`); reading one that is not there creates nothing.
  const reads = ["show", "goals", "list", "affect", "context"].includes(sub);
  const { brain } = openBrain(o, { create: !reads });
  const mind = brain.mind;
  const out = (json: Record<string, unknown>, text: string) => {
    if (o.json) printJson({ ok: true, ...json });
    else print(text);
    return 0;
  };
  const words = args.join(" ").trim();
  switch (sub) {
    case "show": {
      const d = mind.decisionContext(o.query ? { query: o.query } : {});
      return out(
        { ...d },
        d.text || "The mind is empty (brain mind goal add …, brain mind plan …, brain mind tick …).",
      );
    }
    case "tick": {
      const r = mind.tick(tickInput(o));
      const next =
        r.plan && r.plan.current < r.plan.steps.length ? `; next: ${r.plan.steps[r.plan.current]}` : "";
      return out({ ...r }, `Tick ${r.tick} (${r.outcome})${next}`);
    }
    case "reflect": {
      const r = mind.reflect({
        ...(o.self ? { selfSummary: o.self } : {}),
        ...(o.goal ? { goals: o.goal } : {}),
        ...(o.fact ? { facts: o.fact } : {}),
        ...(o.rule ? { selfInstructions: o.rule } : {}),
        ...(o.inner ? { innerThought: o.inner } : {}),
      });
      return out(r, `Reflected: ${r.written} record(s) written`);
    }
    case "plan": {
      const p = mind.replan(args);
      return out({ plan: p }, `Plan of ${p.steps.length} step(s); next: ${p.steps[p.current]}`);
    }
    case "explored": {
      const [ref = "", ...rest] = args;
      mind.explored(ref, rest.join(" "));
      return out({ explored: ref }, `Explored ${ref}`);
    }
    case "chat": {
      const [role = "", ...rest] = args;
      if (!["user", "assistant", "system"].includes(role))
        throw new BrainError(
          "INVALID",
          `brain mind chat needs a role: user, assistant or system (got "${role}")`,
          { field: "role" },
        );
      mind.chat(role as "user", rest.join(" "));
      return out({ role }, `Noted the ${role}'s message`);
    }
    case "goal": {
      const [verb, ...rest] = args;
      const text = rest.join(" ");
      if (verb === "add") {
        const g = mind.goal.add(text);
        return out({ goal: g }, `Goal ${g.id}: ${g.text}`);
      }
      if (verb === "done" || verb === "complete") {
        const g = mind.goal.complete(text);
        return out({ goal: g }, `Done: ${g.id} ${g.text}`);
      }
      throw new BrainError(
        "INVALID",
        `brain mind goal add <text> | goal done <id or text> (got "${verb ?? ""}")`,
      );
    }
    case "goals": {
      const goals = mind.goal.list(Boolean(o.all));
      return out(
        { goals },
        goals.length ? goals.map((g) => `${g.id}  [${g.status}] ${g.text}`).join("\n") : "No goals.",
      );
    }
    case "list": {
      const l = listing(mind, words, limitOf(o));
      return out(
        { collection: words, items: l.items },
        l.lines.length ? l.lines.join("\n") : `No ${words} yet.`,
      );
    }
    case "compact": {
      const r = mind.compact();
      return out(r, `Compacted the mind log: ${r.removed} record(s) the caps let go of removed`);
    }
    default:
      throw new BrainError("INVALID", `unknown mind command "${sub}" (see brain mind --help)`);
  }
}
