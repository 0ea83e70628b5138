import { conceptsOf, longest, refsOf } from "./concepts.ts";
import type { GraphEvent } from "./events.ts";
import type { Graph } from "./graph.ts";
import type { BrainInput, EpisodeInput, GraphInput } from "./inputs.ts";
import { matchedBy } from "./match.ts";
import { BASE, correctionWeight, FACT_WEIGHT, LINK, PER_ITEM, SEED } from "./seed.ts";
import { type Analyzer, kindOf, nodeId, SELF, type Word } from "./types.ts";

/** Sessions whose last prompt is remembered for the exchange that follows (oldest forgotten first). */
const PENDING = 64;
/** A learning the correction detector wrote (src/learn/detect/correction.ts): a correction until told its confidence. */
const CORRECTION = /^Correction:/;

/** One step of the fold: a record of one of the three logs applied to the graph, then the caps. */
export function apply(g: Graph, input: GraphInput, analyze: Analyzer): void {
  if (input.log === 0) applyMemory(g, input, analyze);
  else if (input.log === 1) applyEpisode(g, input, analyze);
  else applyEvent(g, input.ev, input.at, analyze);
  g.enforceCaps();
}

/** An item's concepts (linked to it, and the longest few to each other) and the paths and URLs it names. */
function linkText(
  g: Graph,
  item: string,
  text: string,
  at: number,
  analyze: Analyzer,
  max: number,
  paired: number,
): Word[] {
  const words = conceptsOf(text, analyze, max);
  for (const w of words) {
    const c = nodeId("concept", w.term);
    g.ensure(c, "concept", w.surface, SEED.concept, at);
    g.link(item, c, LINK.holds, at);
  }
  const pairs = longest(words, paired);
  for (let i = 0; i < pairs.length; i++)
    for (let j = i + 1; j < pairs.length; j++)
      g.link(
        nodeId("concept", (pairs[i] as Word).term),
        nodeId("concept", (pairs[j] as Word).term),
        LINK.cooccur,
        at,
      );
  for (const r of refsOf(text, PER_ITEM.refs)) {
    const id = nodeId(r.kind, r.ref);
    g.ensure(id, r.kind, "", BASE[r.kind], at);
    g.link(item, id, LINK.holds, at);
    for (const w of pairs) g.link(id, nodeId("concept", w.term), LINK.cooccur, at);
  }
  return words;
}

function memoryBase(input: BrainInput): number {
  if (input.type === "preference") return SEED.preference;
  if (input.type === "learning") return CORRECTION.test(input.text) ? SEED.correctionMin : BASE.memory;
  return FACT_WEIGHT;
}

function applyMemory(g: Graph, input: BrainInput, analyze: Analyzer): void {
  if (input.removes !== undefined) {
    g.remove(nodeId("memory", input.removes));
    return;
  }
  const id = nodeId("memory", input.id);
  const old = g.get(id);
  if (old) {
    // A new version: its words replace the old version's (what it learned from prompts stays).
    for (const [other] of [...old.adj]) {
      const k = kindOf(other);
      if (k === "concept" || k === "path" || k === "url") g.unlink(id, other);
    }
  } else g.ensure(id, "memory", "", memoryBase(input), input.at);
  linkText(g, id, input.text, input.at, analyze, PER_ITEM.concepts, PER_ITEM.paired);
  if (input.type === "identity") {
    g.ensure(SELF, "self", "", BASE.self, input.at);
    g.link(SELF, id, LINK.holds, input.at);
  }
}

/**
 * Episodes are many and chatty: few of their concepts linked pairwise. All of a long turn's concepts up to 48
 * are linked to it (with only its first 12, a long turn's point was often past them: bench/graph-recall.ts's
 * long-turn variants); a concept most turns hold is passed over where it is used (src/graph/expand.ts).
 */
const EPISODE_CONCEPTS = 48;
const EPISODE_PAIRED = 4;

function applyEpisode(g: Graph, input: EpisodeInput, analyze: Analyzer): void {
  if (input.removes !== undefined) {
    g.remove(nodeId("episode", input.removes));
    return;
  }
  const id = nodeId("episode", input.id);
  if (g.get(id)) return; // a duplicate line (the episode log ignores it too)
  g.ensure(id, "episode", "", BASE.episode, input.at);
  const sid = nodeId("session", input.session);
  const s = g.ensure(sid, "session", "", BASE.session, input.at);
  g.link(id, sid, LINK.session, input.at);
  if (s.tail) g.link(s.tail, id, LINK.next, input.at);
  s.tail = id;
  linkText(g, id, input.text, input.at, analyze, EPISODE_CONCEPTS, EPISODE_PAIRED);
  // AFTER_RESPONSE: the exchange is linked to what its prompt matched.
  const p = pendingFor(g, input.session);
  if (p && input.at >= p.at) for (const h of p.hit) g.link(id, h, LINK.exchange, input.at);
}

function pendingFor(g: Graph, session: string) {
  const exact = g.pending.get(session);
  if (exact) return exact;
  for (const [k, v] of g.pending) if (k && session.endsWith(`:${k}`)) return v;
  return undefined;
}

function applyEvent(g: Graph, ev: GraphEvent, at: number, analyze: Analyzer): void {
  switch (ev.t) {
    case "prompt": {
      // BEFORE_PROMPT, decided here so a rebuild decides the same: what the keywords and the shown memories match.
      const hit = matchedBy(g, ev.keys, ev.shown);
      for (const h of hit) g.match(h, at);
      const concepts = hit.filter((h) => kindOf(h) === "concept");
      for (const m of hit)
        if (kindOf(m) === "memory") for (const c of concepts) g.link(c, m, LINK.matched, at);
      const key = ev.session ?? "";
      g.pending.delete(key);
      g.pending.set(key, { at, hit });
      if (g.pending.size > PENDING) g.pending.delete(g.pending.keys().next().value as string);
      // Seed 003: every ~10 interactions, a decay tick (after this prompt's own matches).
      if (++g.sinceTick >= SEED.decayEvery) g.tick(at);
      return;
    }
    case "decay":
      g.tick(at);
      return;
    case "touch": {
      const id = nodeId(ev.kind, ev.ref);
      g.ensure(id, ev.kind, "", BASE[ev.kind], at);
      g.match(id, at);
      g.ensure(SELF, "self", "", BASE.self, at);
      g.link(SELF, id, LINK.touched, at);
      for (const w of conceptsOf(ev.ref, analyze, EPISODE_PAIRED)) {
        const c = nodeId("concept", w.term);
        g.ensure(c, "concept", w.surface, SEED.concept, at);
        g.link(id, c, LINK.holds, at);
      }
      return;
    }
    case "detect": {
      const w =
        ev.reason === "correction"
          ? correctionWeight(ev.confidence)
          : ev.reason === "preference"
            ? SEED.preference
            : SEED.pattern;
      g.setWeight(ev.node, w, at);
      return;
    }
    case "neuron": {
      const used = ev.lastUsed ? Date.parse(ev.lastUsed) : at;
      g.ensure(ev.id, ev.kind, ev.label ?? "", ev.strength, at);
      g.setWeight(ev.id, ev.strength, at, used);
      return;
    }
    case "synapse": {
      for (const x of [ev.a, ev.b]) {
        const k = kindOf(x);
        if (k) g.ensure(x, k, "", BASE[k], at);
      }
      g.setLink(ev.a, ev.b, ev.weight, ev.lastUsed ? Date.parse(ev.lastUsed) : at);
      return;
    }
  }
}
