import { BrainError } from "../core/errors.ts";
import { Brain } from "../engine/brain.ts";
import { coarse } from "../graph/hubs.ts";
import type { NeighbourView, NodeView } from "../graph/query.ts";
import { type GlobalOpts, openLayer } from "./open-layer.ts";
import { print, printJson } from "./output.ts";

export interface GraphOpts extends GlobalOpts {
  limit?: string;
}

const clip = (s: string, n = 100) => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};
const nodeLine = (v: NodeView) =>
  `[${v.ref}] ${clip(v.title)} (${v.kind}, weight ${v.weight}, ${v.edges} edges)`;
const neighbourLine = (v: NeighbourView) => `  ${v.link.toFixed(2)}  ${nodeLine(v)}`;

function limitOf(o: GraphOpts, fallback: number): number {
  if (o.limit === undefined) return fallback;
  const n = Number(o.limit);
  if (!Number.isInteger(n) || n < 1)
    throw new BrainError("INVALID", "--limit must be a whole number ≥ 1", { field: "limit" });
  return n;
}

function notFound(q: string): never {
  throw new BrainError(
    "NOT_FOUND",
    `the graph has no node "${q}" (a reference as \`brain graph hubs\` shows it, or a word the brain holds)`,
  );
}

/** `brain graph hubs|neighbors|show|stats|rebuild`: the association graph (src/engine/graph.ts). */
export async function runGraph(sub: string, args: string[], o: GraphOpts): Promise<number> {
  const { brain } = openLayer(Brain, o);
  const g = brain.graph;
  const q = args.join(" ").trim();
  switch (sub) {
    case "hubs": {
      const hubs = g.hubs(limitOf(o, 10));
      if (o.json) printJson({ hubs });
      else if (hubs.length === 0) print("The graph has no connected nodes yet.");
      else
        print(
          hubs.map((h) => `[${h.ref}] ${clip(h.title)} — ${h.edges} edges (${coarse(h.edges)})`).join("\n"),
        );
      return 0;
    }
    case "neighbors":
    case "neighbours": {
      if (!q) throw new BrainError("INVALID", "brain graph neighbors needs a word or a reference");
      const r = g.neighbours(q, { limit: limitOf(o, 20) }) ?? notFound(q);
      if (o.json) printJson(r);
      else print([nodeLine(r.node), ...r.neighbours.map(neighbourLine)].join("\n"));
      return 0;
    }
    case "show": {
      if (!q) throw new BrainError("INVALID", "brain graph show needs a reference (or a word)");
      const r = g.show(q) ?? notFound(q);
      if (o.json) printJson(r);
      else
        print(
          [
            nodeLine(r),
            `created ${r.created}, last used ${r.used}`,
            ...(r.neighbours.length
              ? ["neighbours (edge weight, strongest first):", ...r.neighbours.map(neighbourLine)]
              : []),
          ].join("\n"),
        );
      return 0;
    }
    case "stats": {
      const s = g.stats();
      if (o.json) printJson(s);
      else {
        const kinds = Object.entries(s.byKind)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${n} ${k}`)
          .join(", ");
        print(
          `${s.nodes} nodes (${kinds || "none"}), ${s.edges} edges, ${s.decayTicks} decay ticks\n` +
            `caps ${s.limits.maxNodes} nodes / ${s.limits.maxEdges} edges, minWeight ${s.limits.minWeight}\n` +
            `${s.status}${s.file ? ` · ${s.file}` : ""}`,
        );
      }
      return 0;
    }
    case "rebuild": {
      const t0 = performance.now();
      const s = g.rebuild();
      const ms = Math.round(performance.now() - t0);
      if (o.json) printJson({ ...s, ms });
      else print(`Rebuilt from the logs in ${ms} ms: ${s.nodes} nodes, ${s.edges} edges.`);
      return 0;
    }
    default:
      throw new BrainError(
        "INVALID",
        `unknown graph command "${sub}" (hubs, neighbors, show, stats, rebuild)`,
      );
  }
}
