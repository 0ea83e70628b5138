import type { UnplacedEvent } from "./events.ts";
import { type Analyzer, kindOf, type NodeKind, nodeId, SELF } from "./types.ts";

/**
 * Seed 001's association graph as a `memory.json` holds it (`neurons`: "self", "concept:dark mode",
 * "path:/srv/app/src", "url:https://…" → { kind, strength, lastUsed }; `synapses`: "a|b" → { weight,
 * lastUsed }) turned into graph events (`neuron`, `synapse`), so issue 27's import of a memory.json feeds the
 * graph's own log: its neurons and synapses are then nodes and edges like any other, weights and all.
 */
export interface HerNeuron {
  kind?: unknown;
  strength?: unknown;
  lastUsed?: unknown;
}
export interface HerSynapse {
  weight?: unknown;
  lastUsed?: unknown;
}

const HER_KINDS: Record<string, Exclude<NodeKind, "self">> = { concept: "concept", path: "path", url: "url" };

/**
 * A neuron's key as a node id: `self`; a concept as its index terms (so "Dark Mode" is the concept the brain's
 * own texts make of those words, joined when there are several); a path or URL as itself. Undefined for a
 * key of no kind we know.
 */
export function herNodeId(key: string, analyze: Analyzer): string | undefined {
  if (key === SELF) return SELF;
  const at = key.indexOf(":");
  const kind = at > 0 ? HER_KINDS[key.slice(0, at)] : undefined;
  const rest = at > 0 ? key.slice(at + 1).trim() : "";
  if (!kind || !rest) return undefined;
  if (kind !== "concept") return nodeId(kind, rest);
  const terms = analyze(rest).map((w) => w.term);
  return terms.length ? nodeId("concept", terms.join(" ")) : undefined;
}

const unit = (v: unknown, dflt: number) => (typeof v === "number" && v >= 0 && v <= 1 ? v : dflt);
const date = (v: unknown) => (typeof v === "string" && !Number.isNaN(Date.parse(v)) ? { lastUsed: v } : {});

/** Split "a|b" where `b` starts a key of a known kind (a path may hold "|" itself). */
function splitPair(key: string): [string, string] | undefined {
  for (let i = key.indexOf("|"); i > 0; i = key.indexOf("|", i + 1)) {
    const b = key.slice(i + 1);
    if (b === SELF || /^(concept|path|url):/.test(b)) return [key.slice(0, i), b];
  }
  return undefined;
}

/** The events that put a memory.json's neurons and synapses into the graph (what cannot be read is skipped). */
export function herEvents(
  neurons: Record<string, HerNeuron>,
  synapses: Record<string, HerSynapse>,
  analyze: Analyzer,
): { events: UnplacedEvent[]; skipped: string[] } {
  const events: UnplacedEvent[] = [];
  const skipped: string[] = [];
  for (const [key, n] of Object.entries(neurons)) {
    const id = herNodeId(key, analyze);
    const kind = id ? kindOf(id) : undefined;
    if (!id || !kind || kind === "self") {
      if (id !== SELF) skipped.push(key);
      continue;
    }
    const label = key.slice(key.indexOf(":") + 1).trim();
    events.push({
      t: "neuron",
      id,
      kind,
      ...(kind === "concept" ? { label } : {}),
      strength: unit(n.strength, 0.4),
      ...date(n.lastUsed),
    });
  }
  for (const [key, s] of Object.entries(synapses)) {
    const pair = splitPair(key);
    const a = pair ? herNodeId(pair[0], analyze) : undefined;
    const b = pair ? herNodeId(pair[1], analyze) : undefined;
    if (!a || !b || a === b) {
      skipped.push(key);
      continue;
    }
    events.push({ t: "synapse", a, b, weight: unit(s.weight, 0.1), ...date(s.lastUsed) });
  }
  return { events, skipped };
}
