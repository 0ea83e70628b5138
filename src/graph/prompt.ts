import { GENERIC_WORDS } from "../core/generic-words.ts";
import { oneLine } from "../core/one-line.ts";
import { conceptsOf } from "./concepts.ts";
import type { Graph } from "./graph.ts";
import { matchedBy } from "./match.ts";
import { type Analyzer, type GraphNode, kindOf, nodeId } from "./types.ts";

/** A prompt's keywords considered (seed 003: the prompt's keywords are looked up in the graph). */
const PROMPT_KEYS = 32;
/**
 * The gate that keeps unrelated prompts from getting a line (issue 26: at most 5 % of them), calibrated with
 * bench/graph-prompt.ts: a concept says something about a prompt only when it is specific in this brain (held
 * by at most SPECIFIC of its items, never fewer than MIN_ITEMS), and a neighbour is shown only when the
 * prompt's concepts agree on it — linked to two of them, or to one that names fewer than RARE items — by
 * edges that were strengthened more than once (a single co-occurrence is chance). On LoCoMo (a brain of one
 * conversation's turns; its own questions vs the next conversation's): 16.8 % of related questions get a line,
 * 3.6 % of unrelated ones (specific 0.15: 28.4 % / 4.7 %; an edge seen once allowed: 42–58 % of unrelated).
 */
export const PROMPT_GATE = {
  specific: 0.1,
  minItems: 3,
  rare: 2,
  minEdge: 0.2,
  maxScan: 2000,
  maxLines: 3,
  perLine: 4,
};

export interface PromptLookup {
  /** The prompt's keywords (index terms): what the prompt event records. */
  keys: string[];
  /** Nodes matched (concepts at or above minWeight, and the memories shown beside the prompt): boosted. */
  hit: string[];
  /** The graph's lines for the prompt (none for an unrelated one). */
  lines: string[];
}

export interface LookupOptions {
  /** Memory nodes already shown beside the prompt (m:<id>): matched, never repeated as a line. */
  shown: readonly string[];
  /** A memory's text for its line (undefined when it is gone). */
  text: (id: string) => string | undefined;
  gate?: Partial<typeof PROMPT_GATE>;
}

const GENERIC = new WeakMap<Analyzer, ReadonlySet<string>>();

/** The concept ids of the generic request words (core/generic-words.ts) under `analyze`. */
function genericConcepts(analyze: Analyzer): ReadonlySet<string> {
  let s = GENERIC.get(analyze);
  if (!s) {
    s = new Set(analyze(GENERIC_WORDS).map((w) => nodeId("concept", w.term)));
    GENERIC.set(analyze, s);
  }
  return s;
}

/** A prompt's keywords: its first distinct concepts (what a prompt event records). */
export function promptKeys(prompt: string, analyze: Analyzer): string[] {
  return conceptsOf(prompt, analyze, PROMPT_KEYS).map((w) => w.term);
}

/** How many memories and turns hold a concept (its document frequency in the graph). */
export function itemDegree(n: GraphNode): number {
  return n.items;
}

interface Candidate {
  id: string;
  score: number;
  via: Set<string>;
}

/**
 * Seed 003's BEFORE_PROMPT: the prompt's keywords → concept nodes at or above minWeight (matched, and
 * boosted by the caller's event) → their strongest neighbours that the gate lets through → a few lines: the
 * memories the prompt's words lead to that the prompt's own memories did not show, and the concepts that go
 * with them. Empty keywords: nothing at all (no lines, no match).
 */
export function promptLookup(g: Graph, prompt: string, analyze: Analyzer, o: LookupOptions): PromptLookup {
  const gate = { ...PROMPT_GATE, ...o.gate };
  const keys = promptKeys(prompt, analyze);
  if (keys.length === 0) return { keys, hit: [], lines: [] };
  const min = g.limits.minWeight;
  const keyIds = new Set(keys.map((k) => nodeId("concept", k)));
  const hit = matchedBy(g, keys, o.shown);
  const generic = genericConcepts(analyze);
  // A generic request word ("use", "make") leads nowhere: "can you use a for loop here" reached "This repo
  // uses pnpm" through "use" in a small brain, where every word is held by few items.
  const matched = hit.filter((id) => keyIds.has(id) && !generic.has(id)).map((id) => g.get(id) as GraphNode);
  const items = g.counts.memory + g.counts.episode;
  const limit = Math.max(gate.minItems, items * gate.specific);
  // A concept with more edges than maxScan is not specific to anything: its neighbours are not scanned.
  const specific = matched
    .map((n) => ({ n, d: n.items }))
    .filter((x) => x.d > 0 && x.d <= limit && x.n.adj.size <= gate.maxScan);
  const rare = new Set(specific.filter((x) => x.d < gate.rare + 1).map((x) => x.n.id));
  const skip = new Set([...keyIds, ...o.shown]);
  const cands = new Map<string, Candidate>();
  for (const { n } of specific)
    for (const [other, e] of n.adj) {
      if (skip.has(other) || g.ew(e) < gate.minEdge) continue;
      const m = g.get(other) as GraphNode;
      if (m.kind !== "memory" && m.kind !== "concept" && m.kind !== "path" && m.kind !== "url") continue;
      const w = g.weight(m);
      if (w < min) continue;
      const c = cands.get(other) ?? { id: other, score: 0, via: new Set<string>() };
      c.score += g.ew(e) * w;
      c.via.add(n.id);
      cands.set(other, c);
    }
  const agreed = [...cands.values()]
    .filter((c) => c.via.size >= 2 || [...c.via].some((v) => rare.has(v)))
    .sort((a, b) => b.via.size - a.via.size || b.score - a.score || (a.id < b.id ? -1 : 1));
  return { keys, hit, lines: render(g, agreed, o.text, gate) };
}

const label = (g: Graph, id: string) => oneLine(g.get(id)?.label || id.slice(2));

function render(
  g: Graph,
  agreed: Candidate[],
  text: (id: string) => string | undefined,
  gate: typeof PROMPT_GATE,
): string[] {
  const lines: string[] = [];
  for (const c of agreed) {
    if (lines.length >= gate.maxLines - 1) break;
    if (kindOf(c.id) !== "memory") continue;
    const t = text(c.id.slice(2));
    if (!t) continue;
    const via = [...c.via].map((v) => label(g, v)).join(", ");
    // A memory's text reaches the model and terminals: one line, no escape sequences or control characters.
    lines.push(`- [${c.id}] ${oneLine(t)} (via ${via})`);
  }
  // The concepts that go with the prompt's words, grouped under the word they are most linked to.
  const concepts = agreed.filter((c) => kindOf(c.id) !== "memory").slice(0, gate.perLine);
  if (concepts.length > 0) {
    const via = [...new Set(concepts.flatMap((c) => [...c.via]))].slice(0, 3).map((v) => label(g, v));
    lines.push(`- ${via.join(", ")} ↔ ${concepts.map((c) => label(g, c.id)).join(", ")}`);
  }
  return lines;
}
