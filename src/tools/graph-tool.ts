import { BrainError } from "../core/errors.ts";
import { MEMORY_NOTE } from "../core/memory-lines.ts";
import type { Brain } from "../engine/brain.ts";

/**
 * The `brain_graph` tool shared by MCP, pi and the HTTP API: what goes with a word or a node in the
 * association graph — its strongest neighbours (concepts, memories, sessions, paths, URLs), each with the
 * reference the agent can pass back. Read-only (looking does not boost anything).
 */
export const GRAPH_TOOL_DESCRIPTION =
  "What the brain associates with a word or a graph node: its strongest neighbours in the association graph " +
  "(concepts, memories, conversation turns, files, URLs), each with a reference like c:postgr or m:1a2b3c4d " +
  "that can be passed back as `node` to walk further. Use it to find related facts that share no word with " +
  "the question (who, where, what else). Omit `node` to list the hubs (most-connected nodes).";

export interface GraphToolArgs {
  /** A word, or a reference as this tool shows it; absent: the hubs. */
  node?: string | undefined;
  limit?: number | undefined;
}

const clip = (s: string) => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > 160 ? `${one.slice(0, 159)}…` : one;
};

export function graphTool(
  brain: Brain,
  a: GraphToolArgs,
): { text: string; details: Record<string, unknown> } {
  const limit = a.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new BrainError("INVALID", "limit must be a whole number from 1 to 100", { field: "limit" });
  const q = a.node?.trim();
  if (!q) {
    const hubs = brain.graph.hubs(limit);
    const lines = hubs.map((h) => `- [${h.ref}] ${clip(h.title)} (${h.edges} links)`);
    return {
      text: hubs.length
        ? `Most-connected in the brain:\n${lines.join("\n")}`
        : "The association graph is empty.",
      details: { hubs },
    };
  }
  const r = brain.graph.neighbours(q, { limit });
  if (!r) throw new BrainError("NOT_FOUND", `the association graph has no node "${q}"`);
  const lines = r.neighbours.map(
    (n) => `- [${n.ref}] (${n.kind}, link ${n.link.toFixed(2)}) ${clip(n.title)}`,
  );
  return {
    text: [`[${r.node.ref}] ${clip(r.node.title)} — ${r.node.edges} links. ${MEMORY_NOTE}`, ...lines].join(
      "\n",
    ),
    details: { node: r.node, neighbours: r.neighbours },
  };
}

/** The arguments as JSON Schema (pi's tool parameters). */
export function graphToolJsonSchema(): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      node: {
        type: "string",
        description:
          "A word (postgres) or a reference from this tool (c:postgr, m:1a2b3c4d); omit for the hubs.",
      },
      limit: { type: "number", description: "At most this many neighbours (default 10, at most 100)." },
    },
  };
}
